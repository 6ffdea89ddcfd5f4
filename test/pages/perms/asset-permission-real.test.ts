// Against the reference server: an administrator grants a user group one node as one system user
// through the form (actions ticked as bits), the detail shows it, the list shows validity, the odd
// update route edits it; an org auditor gets no permission pages and the server refuses their writes.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, setHash, settle, waitForShell } from '../../elements/support/console-fixture.ts';
import { click, formControl, slType, waitForToast } from '../users/support.ts';
import { ASSETS, NODES, create, removeAll, uniqueName } from '../assets/support/api.ts';
import { ASSET_PERMISSIONS, GROUPS, SYSTEM_USERS, actionBoxes, pickField, tickAction } from './support.ts';

type Permission = {
  id: string;
  name: string;
  users: string[];
  user_groups: string[];
  assets: string[];
  nodes: string[];
  system_users: string[];
  actions: string[];
  is_active: boolean;
  is_valid: boolean;
  date_expired: string;
};

const prefix = uniqueName('apr');

describe('perms: asset permissions (real server)', () => {
  const made: string[] = [];
  let group: { id: string; name: string };
  let node: { id: string; full_value: string };
  let systemUser: { id: string; name: string };
  before(async () => {
    await loginAs('admin');
    group = await create(GROUPS, { name: `${prefix}-group` });
    node = await create(NODES, { value: `${prefix}-node` });
    systemUser = await create(SYSTEM_USERS, {
      name: `${prefix}-su`,
      username: `${prefix}su`,
      login_mode: 'manual',
      protocol: 'ssh',
    });
    const asset = await create<{ id: string }>(ASSETS, {
      hostname: `${prefix}-host`,
      ip: '127.0.3.71',
      platform: 'Linux',
      nodes: [node.id],
    });
    made.push(
      `${ASSETS}${asset.id}/`,
      `${NODES}${node.id}/`,
      `${SYSTEM_USERS}${systemUser.id}/`,
      `${GROUPS}${group.id}/`,
    );
  });
  afterEach(async () => {
    await resetConsole();
    await loginAs('admin');
  });
  after(async () => {
    const left = await api<Permission[]>('GET', `${ASSET_PERMISSIONS}?search=${prefix}`);
    await removeAll([...left.data.map((p) => `${ASSET_PERMISSIONS}${p.id}/`), ...made]);
    await resetConsole();
  });

  it('creates a permission for a group on a node with one system user, and the detail shows it', async () => {
    const view = await mountConsole('/perms/asset-permissions/create');
    await waitForShell(view);
    await waitFor(() => actionBoxes(view).all === true, 8000, 'the form with its default actions (all)');
    expect(Object.values(actionBoxes(view)).every(Boolean), 'all ticks every action').to.equal(true);

    slType(formControl(view, 'name'), `${prefix}-a`);
    await pickField(view, 'user_groups', `${prefix}-group`);
    await pickField(view, 'nodes', `${prefix}-node`, node.full_value);
    // Saving without a system user is refused on the spot.
    click(view.find('.form-page sl-button.submit'));
    await view.waitForText('.form-item[data-field="system_users"] .field-error', '这个字段是必填项');
    await pickField(view, 'system_users', `${prefix}-su`);

    // Clearing `all` clears every bit; `updownload` then ticks both file actions it stands for.
    tickAction(view, 'all');
    await waitFor(() => Object.values(actionBoxes(view)).every((on) => !on), 3000, 'every action cleared');
    tickAction(view, 'connect');
    tickAction(view, 'updownload');
    await waitFor(() => actionBoxes(view).download_file === true, 3000, 'updownload ticking its bits');
    expect(actionBoxes(view)).to.deep.equal({
      all: false,
      connect: true,
      upload_file: true,
      download_file: true,
      updownload: true,
      clipboard_copy: false,
      clipboard_paste: false,
      clipboard_copy_paste: false,
    });
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '创建成功');

    const [saved] = (await api<Permission[]>('GET', `${ASSET_PERMISSIONS}?name=${prefix}-a`)).data;
    expect(saved.user_groups).to.deep.equal([group.id]);
    expect(saved.nodes).to.deep.equal([node.id]);
    expect(saved.assets).to.deep.equal([]);
    expect(saved.users).to.deep.equal([]);
    expect(saved.system_users).to.deep.equal([systemUser.id]);
    expect(saved.actions).to.deep.equal(['connect', 'upload_file', 'download_file', 'updownload']);
    expect(saved.is_valid).to.equal(true);

    await resetConsole();
    await loginAs('admin');
    const detail = await mountConsole(`/perms/asset-permissions/${saved.id}`);
    await waitForShell(detail);
    await detail.waitForText('.detail-page h2.title', `${prefix}-a`, 8000);
    expect(detail.textOf('tr[data-field="is_valid"] td')).to.equal('有效');
    expect(detail.textOf('tr[data-field="user_groups_amount"] td')).to.equal('1');
    expect(detail.textOf('tr[data-field="nodes_amount"] td')).to.equal('1');
    expect(detail.textOf('tr[data-field="system_users_amount"] td')).to.equal('1');
    expect(detail.textOf('tr[data-field="actions"] td')).to.equal('连接, 上传文件, 下载文件, 上传下载');
  });

  it('lists validity as valid, expired or inactive, and counts instead of ids', async () => {
    const base = { user_groups: [group.id], nodes: [node.id], system_users: [systemUser.id] };
    await create(ASSET_PERMISSIONS, { ...base, name: `${prefix}-l-valid` });
    await create(ASSET_PERMISSIONS, {
      ...base,
      name: `${prefix}-l-expired`,
      date_start: '2020-01-01 00:00:00 +0000',
      date_expired: '2020-02-01 00:00:00 +0000',
    });
    await create(ASSET_PERMISSIONS, { ...base, name: `${prefix}-l-off`, is_active: false });
    const view = await mountConsole(`/perms/asset-permissions?search=${prefix}-l-`);
    await waitForShell(view);
    await waitFor(() => view.findAll('.list-page tbody tr[data-id]').length === 3, 8000, 'three rows');
    const rows = view.findAll('.list-page tbody tr[data-id]').map((row) => ({
      name: text(row.querySelector('td[data-prop="name"]')),
      validity: text(row.querySelector('td[data-prop="is_valid"]')),
      groups: text(row.querySelector('td[data-prop="user_groups_amount"]')),
      systemUsers: text(row.querySelector('td[data-prop="system_users_amount"]')),
    }));
    expect(rows).to.deep.equal([
      { name: `${prefix}-l-expired`, validity: '已过期', groups: '1', systemUsers: '1' },
      { name: `${prefix}-l-off`, validity: '未激活', groups: '1', systemUsers: '1' },
      { name: `${prefix}-l-valid`, validity: '有效', groups: '1', systemUsers: '1' },
    ]);
    // §2.5's is_valid=0 as a search filter: the tag names it, the server answers the two invalid ones.
    setHash(`/perms/asset-permissions?search=${prefix}-l-&is_valid=0`);
    await waitFor(() => view.findAll('.list-page tbody tr[data-id]').length === 2, 8000, 'the invalid two');
    expect(view.textOf('.search-bar .filter-tag[data-field="is_valid"]')).to.contain('有效: 否');
  });

  it('lists the permissions of a node chosen in the tree beside the list (node_id)', async () => {
    const other = await create<{ id: string }>(NODES, { value: `${prefix}-other` });
    made.unshift(`${NODES}${other.id}/`);
    await create(ASSET_PERMISSIONS, { name: `${prefix}-t-mine`, nodes: [node.id], system_users: [systemUser.id] });
    await create(ASSET_PERMISSIONS, { name: `${prefix}-t-other`, nodes: [other.id], system_users: [systemUser.id] });
    const view = await mountConsole(`/perms/asset-permissions?search=${prefix}-t-`);
    await waitForShell(view);
    const names = () => view.findAll('.list-page tbody tr[data-id] td[data-prop="name"]').map(text);
    await waitFor(() => names().length === 2, 8000, 'both permissions');
    click(
      await waitFor(
        () => view.find(`.node-tree .node-row[data-id="${node.id}"] .node-title`),
        8000,
        'the node in the tree',
      ),
    );
    await waitFor(() => names().length === 1, 5000, "the node's permission only");
    expect(names()).to.deep.equal([`${prefix}-t-mine`]);
  });

  it('edits through the singular update route of 2.3: expiring the window makes the permission invalid', async () => {
    const permission = await create<Permission>(ASSET_PERMISSIONS, {
      name: `${prefix}-u`,
      user_groups: [group.id],
      nodes: [node.id],
      system_users: [systemUser.id],
    });
    const view = await mountConsole(`/perms/asset-permissions?search=${prefix}-u`);
    await waitForShell(view);
    const update = await waitFor(
      () => view.find(`.list-page tr[data-id="${permission.id}"] button.action-update`),
      8000,
      'the row',
    );
    click(update);
    await waitFor(
      () => location.hash.startsWith(`#/perms/asset-permission/${permission.id}/update`),
      3000,
      'the singular update route',
    );
    const expired = () =>
      view.find('.form-item[data-field="date_expired"] .datetime-input sl-input') as unknown as {
        value: string;
      } | null;
    await waitFor(() => (expired()?.value ?? '') !== '', 8000, 'the update form with the stored window');
    slType(expired() as unknown as Element, '2021-01-01 00:00:00');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '更新成功');
    const after = (await api<Permission>('GET', `${ASSET_PERMISSIONS}${permission.id}/`)).data;
    expect(after.is_valid).to.equal(false);
    expect(after.user_groups, 'the rest kept').to.deep.equal([group.id]);
  });

  it('gives an org auditor no permission pages, and the server refuses their writes', async () => {
    // The auditor audits Engineering: the permission lives there.
    const orgs = (await api<{ id: string; name: string }[]>('GET', '/api/v1/orgs/orgs/')).data;
    const engineering = { org: orgs.find((o) => o.name === 'Engineering')!.id };
    const engNode = (await api<{ id: string }>('POST', NODES, { value: `${prefix}-eng` }, engineering)).data;
    const engSu = (
      await api<{ id: string }>(
        'POST',
        SYSTEM_USERS,
        { name: `${prefix}-eng-su`, username: `${prefix}eng`, login_mode: 'manual', protocol: 'ssh' },
        engineering,
      )
    ).data;
    const made = await api<Permission>(
      'POST',
      ASSET_PERMISSIONS,
      { name: `${prefix}-aud`, nodes: [engNode.id], system_users: [engSu.id] },
      engineering,
    );
    expect(made.status).to.equal(201);
    const permission = made.data;
    try {
      await resetConsole();
      await loginAs('orgauditor');
      const view = await mountConsole('/dashboard');
      await waitForShell(view);
      await waitFor(() => text(view.find('nav.sidebar')).includes('仪表盘'), 5000, 'the auditor menu');
      expect(text(view.find('nav.sidebar')), 'no Permissions section').to.not.contain('权限管理');
      setHash('/perms/asset-permissions');
      await waitFor(() => location.hash === '#/404', 5000, 'the 404 page');
      setHash(`/perms/asset-permission/${permission.id}/update`);
      await waitFor(() => location.hash === '#/404', 5000, 'the 404 page for the update route');
      await settle(200);
      expect(view.find('.list-page'), 'no list').to.equal(null);
      expect(view.find('.form-page'), 'no form').to.equal(null);
      const body = { name: `${prefix}-aud2`, nodes: [engNode.id], system_users: [engSu.id] };
      expect((await api('POST', ASSET_PERMISSIONS, body, engineering)).status).to.equal(403);
      expect((await api('PUT', `${ASSET_PERMISSIONS}${permission.id}/`, body, engineering)).status).to.equal(403);
      expect(
        (await api('PATCH', `${ASSET_PERMISSIONS}${permission.id}/`, { is_active: false }, engineering)).status,
      ).to.equal(403);
      expect((await api('DELETE', `${ASSET_PERMISSIONS}${permission.id}/`, undefined, engineering)).status).to.equal(
        403,
      );
      await loginAs('admin');
      const kept = (await api<Permission>('GET', `${ASSET_PERMISSIONS}${permission.id}/`, undefined, engineering)).data;
      expect([kept.name, kept.is_active], 'unchanged').to.deep.equal([`${prefix}-aud`, true]);
    } finally {
      await loginAs('admin');
      for (const url of [
        `${ASSET_PERMISSIONS}${permission.id}/`,
        `${SYSTEM_USERS}${engSu.id}/`,
        `${NODES}${engNode.id}/`,
      ])
        await api('DELETE', url, undefined, engineering);
    }
  });
});

// Against the reference server: a system user's edit form saves with the password left blank (the
// stored one stays, as 2.3), which also binds a command filter through the form; a save that fails
// says so in a toast and keeps every typed value.
import { expect } from '@open-wc/testing';
import { $toasts } from '../../../src/core/stores/notify.ts';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { pickField } from '../perms/support.ts';
import { click, fieldError, formControl, slType, waitForToast } from '../users/support.ts';
import { CMD_FILTERS, create, removeAll, uniqueName } from './support/api.ts';
import { inputShows } from './support/form.ts';

const SYSTEM_USERS = '/api/v1/assets/system-users/';
const prefix = uniqueName('suedit');
type SystemUser = { id: string; name: string; comment: string; priority: number; cmd_filters: string[] };

const held = async (id: string) => (await api<SystemUser>('GET', `${SYSTEM_USERS}${id}/`)).data;
const secrets = async (id: string) =>
  (await api<{ password: string; private_key: string }>('GET', `${SYSTEM_USERS}${id}/auth-info/`)).data;
const valueOf = (view: MountedConsole, field: string, tag = 'sl-input') =>
  String((formControl(view, field, tag) as unknown as { value: unknown } | null)?.value ?? '');

async function openEdit(id: string, name: string): Promise<MountedConsole> {
  const view = await mountConsole(`/assets/system-users/${id}/update`);
  await waitForShell(view);
  await inputShows(view, 'name', name);
  await waitFor(() => formControl(view, 'comment', 'sl-textarea'), 5000, 'the comment box');
  return view;
}

describe('assets: editing a system user (real server)', () => {
  const made: string[] = [];
  before(() => loginAs('admin'));
  afterEach(async () => {
    await resetConsole();
    await loginAs('admin');
  });
  after(async () => {
    await removeAll(made.reverse());
    await resetConsole();
  });

  it('saves with the password left blank, keeps the stored one and binds a command filter', async () => {
    const filter = await create<{ id: string; name: string }>(CMD_FILTERS, { name: `${prefix}-filter` });
    const systemUser = await create<SystemUser>(SYSTEM_USERS, {
      name: `${prefix}-a`,
      username: 'deploy',
      protocol: 'ssh',
      login_mode: 'auto',
      password: 'Stored-pass-1',
    });
    made.push(`${SYSTEM_USERS}${systemUser.id}/`, `${CMD_FILTERS}${filter.id}/`);

    const view = await openEdit(systemUser.id, systemUser.name);
    expect(valueOf(view, 'password'), 'the password is never read back').to.equal('');
    slType(formControl(view, 'comment', 'sl-textarea'), 'edited without retyping the password');
    await pickField(view, 'cmd_filters', filter.name);
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('success', '更新成功', 8000);
    await waitFor(
      () => location.hash.startsWith('#/assets/system-users') && !location.hash.includes('/update'),
      8000,
      'back on the list',
    );

    const saved = await held(systemUser.id);
    expect(saved.comment).to.equal('edited without retyping the password');
    expect(saved.cmd_filters, 'the command filter bound').to.deep.equal([filter.id]);
    expect((await secrets(systemUser.id)).password, 'the stored password kept').to.equal('Stored-pass-1');
  });

  it('says in a toast why a save failed and keeps what was typed', async () => {
    const systemUser = await create<SystemUser>(SYSTEM_USERS, {
      name: `${prefix}-b`,
      username: 'deploy',
      protocol: 'ssh',
      login_mode: 'auto',
      password: 'Stored-pass-2',
    });
    made.push(`${SYSTEM_USERS}${systemUser.id}/`);
    const view = await openEdit(systemUser.id, systemUser.name);

    // Refused in the browser: a priority outside 1-100.
    slType(formControl(view, 'comment', 'sl-textarea'), 'typed before a refused save');
    slType(formControl(view, 'priority'), '500');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitForToast('error', '保存失败，请检查标出的字段');
    expect(fieldError(view, 'priority')).to.not.equal('');
    await view.waitForText('.toasts .toast-error', '保存失败，请检查标出的字段', 5000);
    expect(valueOf(view, 'comment', 'sl-textarea')).to.equal('typed before a refused save');
    expect(valueOf(view, 'priority')).to.equal('500');

    // Refused by the server: an SFTP root it does not take.
    $toasts.set([]);
    slType(formControl(view, 'priority'), '30');
    slType(formControl(view, 'sftp_root'), 'var/tmp');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitFor(() => fieldError(view, 'sftp_root') !== '', 8000, "the server's message on its field");
    await waitForToast('error', '请求错误，请检查填写内容');
    expect(location.hash, 'still on the form').to.contain('/update');
    expect(valueOf(view, 'comment', 'sl-textarea')).to.equal('typed before a refused save');
    expect(valueOf(view, 'sftp_root')).to.equal('var/tmp');
    const kept = await held(systemUser.id);
    expect([kept.comment, kept.priority]).to.deep.equal(['', 20]);
    expect(text(view.find('.form-page h2'))).to.not.equal('');
  });
});

// Against the reference server: the super admin's Terminals and Storages pages — a registered terminal
// is listed, accepted, pointed at a storage and deleted; a replay storage is created with its type's
// fields (secrets write-only) and tested; the built-in storage refuses deletion with the server's words.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  setHash,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { pickField } from '../perms/support.ts';
import { answerConfirm, click, formControl, slType, waitForToast } from '../users/support.ts';
import { COMMAND_STORAGES, REPLAY_STORAGES, TERMINALS, listOf, registerTerminal, uniqueName } from './support.ts';

const prefix = uniqueName('ts');
type Storage = { id: string; name: string; type: string; meta: Record<string, unknown> };
type Terminal = { id: string; name: string; is_accepted: boolean; replay_storage: string };

const rowOf = (view: MountedConsole, id: string) => view.find(`.list-page tr[data-id="${id}"]`);
const rowAction = (view: MountedConsole, id: string, action: string) =>
  waitFor(() => view.find(`.list-page tr[data-id="${id}"] .action-${action}`), 8000, `${action} on ${id}`);

describe('terminal: terminals and storages (real server)', () => {
  const made: string[] = [];
  beforeEach(() => loginAs('admin'));
  afterEach(() => resetConsole());
  after(async () => {
    await loginAs('admin');
    for (const url of made) await api('DELETE', url);
  });

  it('creates a replay storage with its type fields, keeps secrets write-only and shows the test answer', async () => {
    const view = await mountConsole('/terminal/storages?activeTab=replay');
    await waitForShell(view);
    const builtIn = (await listOf<Storage>(REPLAY_STORAGES)).find((s) => s.type === 'server')!;
    await waitFor(() => rowOf(view, builtIn.id), 8000, 'the built-in replay storage');

    click(view.find('.list-page button.create'));
    await waitFor(() => view.find('.form-page .form-item[data-field="name"]'), 8000, 'the create form');
    expect(location.hash).to.contain('/terminal/replay-storage/create');
    expect(view.find('.form-item[data-field="meta_bucket"]'), 'no meta fields before a type').to.equal(null);
    slType(formControl(view, 'name'), `${prefix}-s3`);
    await pickField(view, 'type', 'S3');
    await waitFor(() => view.find('.form-item[data-field="meta_bucket"]'), 3000, 'the S3 fields');
    expect(view.find('.form-item[data-field="meta_container_name"]'), 'no Azure fields for S3').to.equal(null);
    slType(formControl(view, 'meta_bucket'), 'recordings');
    slType(formControl(view, 'meta_access_key'), 'AKIDTEST');
    slType(formControl(view, 'meta_secret_key'), 'not-to-be-read-back');
    slType(formControl(view, 'meta_endpoint'), 'http://127.0.0.1:9');
    await settle();
    click(view.find('.form-page sl-button.submit'));
    await waitFor(() => view.find('.storage-page'), 8000, 'back on the storages page');

    const saved = (await listOf<Storage>(REPLAY_STORAGES)).find((s) => s.name === `${prefix}-s3`)!;
    expect(saved, 'the storage exists').to.be.ok;
    made.push(`${REPLAY_STORAGES}${saved.id}/`);
    expect(saved.type).to.equal('s3');
    expect(saved.meta.BUCKET).to.equal('recordings');
    expect(JSON.stringify(saved), 'the secret is never read back').not.to.contain('not-to-be-read-back');

    expect((await rowAction(view, saved.id, 'update')).hasAttribute('disabled')).to.equal(false);
    const answer = await api<{ is_valid: boolean; msg: string }>(
      'GET',
      `${REPLAY_STORAGES}${saved.id}/test-connective/`,
    );
    click(await rowAction(view, saved.id, 'test'));
    await waitForToast(answer.data.is_valid ? 'success' : 'error', answer.data.msg, 15000);
  });

  it('refuses to delete the built-in storage with the server message, on both tabs', async () => {
    const view = await mountConsole('/terminal/storages?activeTab=replay');
    await waitForShell(view);
    const builtIn = (await listOf<Storage>(REPLAY_STORAGES)).find((s) => s.type === 'server')!;
    expect(
      (await rowAction(view, builtIn.id, 'update')).hasAttribute('disabled'),
      'the built-in has nothing to edit',
    ).to.equal(true);
    click(await rowAction(view, builtIn.id, 'delete'));
    await answerConfirm();
    const refusal = await api<{ msg: string }>('DELETE', `${REPLAY_STORAGES}${builtIn.id}/`);
    expect(refusal.status).to.equal(400);
    await waitForToast('error', refusal.data.msg);
    expect(rowOf(view, builtIn.id), 'still listed').not.to.equal(null);

    click(view.find('.detail-tabs [data-tab="command"]'));
    const commandBuiltIn = (await listOf<Storage>(COMMAND_STORAGES)).find((s) => s.type === 'server')!;
    await waitFor(() => rowOf(view, commandBuiltIn.id), 8000, 'the built-in command storage');
    expect(text(view.find('.detail-tabs [aria-selected="true"]'))).to.equal('命令存储');
  });

  it('lists a registered terminal, accepts it, sets its replay storage and deletes it', async () => {
    const registered = await registerTerminal(`${prefix}-term`);
    const storage = await api<Storage>('POST', REPLAY_STORAGES, {
      name: `${prefix}-rs`,
      type: 's3',
      meta: { BUCKET: 'b', ENDPOINT: 'http://127.0.0.1:9' },
    });
    expect(storage.status).to.equal(201);
    made.push(`${REPLAY_STORAGES}${storage.data.id}/`);

    const view = await mountConsole('/terminal/terminal');
    await waitForShell(view);
    const row = await waitFor(() => rowOf(view, registered.id), 8000, 'the terminal row');
    expect(text(row)).to.contain(`${prefix}-term`);
    const before = (await api<Terminal>('GET', `${TERMINALS}${registered.id}/`)).data;
    const accept = row.querySelector('.action-accept')!;
    const disabled = accept.hasAttribute('disabled') || accept.getAttribute('aria-disabled') === 'true';
    expect(disabled, 'Accept is offered only to a terminal not yet accepted').to.equal(before.is_accepted);
    if (!before.is_accepted) {
      click(accept);
      await waitForToast('success', '终端已接受');
      expect((await api<Terminal>('GET', `${TERMINALS}${registered.id}/`)).data.is_accepted).to.equal(true);
    }

    setHash(`/terminal/terminal/${registered.id}`);
    const detail = await waitFor(() => view.find('.detail-page .detail-card'), 8000, 'the terminal detail');
    await waitFor(() => text(detail).includes(`${prefix}-term`), 5000, 'its name on the card');

    setHash(`/terminal/terminal/${registered.id}/update`);
    await waitFor(() => view.find('.form-page .form-item[data-field="replay_storage"]'), 8000, 'the update form');
    await pickField(view, 'replay_storage', `${prefix}-rs`);
    click(view.find('.form-page sl-button.submit'));
    await waitFor(
      () => view.find('.list-page') && location.hash.endsWith('/terminal/terminal'),
      8000,
      'back on the list',
    );
    expect((await api<Terminal>('GET', `${TERMINALS}${registered.id}/`)).data.replay_storage).to.equal(`${prefix}-rs`);

    click(await rowAction(view, registered.id, 'delete'));
    await answerConfirm();
    await waitForToast('success', '删除成功');
    await waitFor(() => rowOf(view, registered.id) === null, 8000, 'the row gone');
    expect((await api('GET', `${TERMINALS}${registered.id}/`)).status).to.equal(404);
  });
});

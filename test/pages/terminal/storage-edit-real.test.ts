// Against the reference server: a replay or command storage's edit form opens with what the server
// holds (name, type in words, its type's settings; secrets blank) and saves;
// a new storage's form starts with no type chosen rather than the bare built-in `server`.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, formControl, slType, waitForToast } from '../users/support.ts';
import { COMMAND_STORAGES, REPLAY_STORAGES, uniqueName } from './support.ts';

const prefix = uniqueName('stedit');
type Storage = { id: string; name: string; type: string; comment: string; meta: Record<string, unknown> };

const valueOf = (view: MountedConsole, field: string, tag = 'sl-input') =>
  String((formControl(view, field, tag) as unknown as { value: unknown } | null)?.value ?? '');
const chosenType = (view: MountedConsole) =>
  view.findAll('.form-item[data-field="type"] .chip').map((chip) => text(chip).replace(/×$/, '').trim());

async function make(url: string, body: Record<string, unknown>): Promise<Storage> {
  const answer = await api<Storage>('POST', url, body);
  if (answer.status !== 201) throw new Error(`POST ${url}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

async function openEdit(path: string, name: string): Promise<MountedConsole> {
  const view = await mountConsole(path);
  await waitForShell(view);
  await waitFor(() => valueOf(view, 'name') === name, 8000, `the storage ${name} in the form`);
  return view;
}

async function saveAndReturn(view: MountedConsole): Promise<void> {
  await settle();
  click(view.find('.form-page sl-button.submit'));
  await waitForToast('success', '更新成功', 8000);
  await waitFor(() => view.find('.storage-page'), 8000, 'back on the storages page');
}

describe('terminal: editing a storage (real server)', () => {
  const made: string[] = [];
  beforeEach(() => loginAs('admin'));
  afterEach(() => resetConsole());
  after(async () => {
    await loginAs('admin');
    for (const url of made) await api('DELETE', url);
    await resetConsole();
  });

  it('opens a replay storage with its name, type and settings, and saves it keeping the secret', async () => {
    const stored = await make(REPLAY_STORAGES, {
      name: `${prefix}-s3`,
      type: 's3',
      comment: 'before',
      meta: { BUCKET: 'recordings', ACCESS_KEY: 'AKID', SECRET_KEY: 'kept-secret', ENDPOINT: 'http://127.0.0.1:9' },
    });
    made.push(`${REPLAY_STORAGES}${stored.id}/`);
    const view = await openEdit(`/terminal/replay-storage/${stored.id}/update`, stored.name);
    expect(chosenType(view)).to.deep.equal(['S3']);
    expect(valueOf(view, 'meta_bucket')).to.equal('recordings');
    expect(valueOf(view, 'meta_endpoint')).to.equal('http://127.0.0.1:9');
    expect(valueOf(view, 'meta_secret_key'), 'write-only').to.equal('');
    await waitFor(() => formControl(view, 'comment', 'sl-textarea'), 5000, 'the comment box');
    expect(valueOf(view, 'comment', 'sl-textarea')).to.equal('before');

    slType(formControl(view, 'comment', 'sl-textarea'), 'after');
    slType(formControl(view, 'meta_bucket'), 'recordings-2');
    await saveAndReturn(view);
    const saved = (await api<Storage>('GET', `${REPLAY_STORAGES}${stored.id}/`)).data;
    expect([saved.name, saved.type, saved.comment, saved.meta.BUCKET]).to.deep.equal([
      stored.name,
      's3',
      'after',
      'recordings-2',
    ]);
    // The blank secret was left out of the body (the server keeps the stored one; its own tests hold that).
    expect(JSON.stringify(saved), 'never read back').to.not.contain('kept-secret');
  });

  it('opens a command storage with its name, type and hosts, and saves it', async () => {
    const stored = await make(COMMAND_STORAGES, {
      name: `${prefix}-es`,
      type: 'es',
      comment: '',
      meta: { HOSTS: ['http://127.0.0.1:9'], INDEX: 'jumpserver', DOC_TYPE: 'command' },
    });
    made.push(`${COMMAND_STORAGES}${stored.id}/`);
    const view = await openEdit(`/terminal/command-storage/${stored.id}/update`, stored.name);
    expect(chosenType(view)).to.deep.equal(['Elasticsearch']);
    expect(valueOf(view, 'meta_hosts')).to.equal('http://127.0.0.1:9');
    expect(valueOf(view, 'meta_index')).to.equal('jumpserver');

    slType(formControl(view, 'meta_index'), 'commands');
    await saveAndReturn(view);
    const saved = (await api<Storage>('GET', `${COMMAND_STORAGES}${stored.id}/`)).data;
    expect([saved.name, saved.type, saved.meta.INDEX, saved.meta.HOSTS]).to.deep.equal([
      stored.name,
      'es',
      'commands',
      ['http://127.0.0.1:9'],
    ]);
  });

  it('starts a new storage with no type chosen, never the bare built-in "server"', async () => {
    for (const path of ['/terminal/replay-storage/create', '/terminal/command-storage/create']) {
      const view = await mountConsole(path);
      await waitForShell(view);
      await waitFor(
        () => view.find('.form-page .form-item[data-field="type"] input.combo-input'),
        8000,
        `the type picker of ${path}`,
      );
      await settle(100);
      expect(chosenType(view), path).to.deep.equal([]);
      expect(text(view.find('.form-page')), path).to.not.match(/\bserver\b/);
      await resetConsole();
      await loginAs('admin');
    }
  });
});

// Against the reference server: where recordings and commands are kept is said where the admin looks
// (issue 34). A terminal pointed at a Ceph bucket whose heartbeat reports the store refusing its key: the
// Terminals page shows its doors, its storages and "store failing, retrying" with the store's words; the
// session's detail says its recording is not stored yet and why; the Storage page says where each storage
// keeps things (commands: the server's database, whatever the type) and the command form says so too.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, setHash, waitForShell } from '../../elements/support/console-fixture.ts';
import { click } from '../users/support.ts';
import {
  COMMAND_STORAGES,
  REPLAY_STORAGES,
  SESSIONS,
  TERMINALS,
  asTerminal,
  listOf,
  registerTerminal,
  uniqueName,
} from './support.ts';

const prefix = uniqueName('rec');
const terminal = `${prefix}-term`;
const bucket = `${prefix}-bucket`;
const STORE_ERROR = 'AccessDenied (HTTP 403): the key was refused';

type Row = Record<string, unknown> & { id: string };

async function must<T>(answer: { status: number; data: T }, what: string, status = 201): Promise<T> {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

describe('terminal: where recordings and commands are kept (real server)', () => {
  let terminalId = '';
  let sessionId = '';
  before(async () => {
    await loginAs('admin');
    terminalId = (await registerTerminal(terminal)).id;
    await must(
      await api('POST', REPLAY_STORAGES, {
        name: bucket,
        type: 'ceph',
        meta: { BUCKET: 'recordings', ENDPOINT: 'http://127.0.0.1:9' },
      }),
      'storage',
    );
    await must(
      await api('PATCH', `${TERMINALS}${terminalId}/`, { replay_storage: bucket }),
      'point the terminal at it',
      200,
    );
    // A session its door opened (the user signed in through it, on an asset granted to them), then closed.
    await must(
      await asTerminal(terminal, 'POST', '/api/v1/authentication/tokens/', {
        username: 'user',
        password: 'bastion',
        remote_addr: '127.0.0.1',
      }),
      'sign in',
    );
    const [user] = await listOf<Row>('/api/v1/users/users/?username=user');
    const [asset] = await listOf<Row>(`/api/v1/perms/users/${user.id}/assets/?actions=connect&protocol=ssh&limit=1`);
    const [systemUser] = await listOf<Row>(`/api/v1/perms/users/${user.id}/assets/${asset.id}/system-users/`);
    sessionId = crypto.randomUUID();
    await must(
      await asTerminal(terminal, 'POST', SESSIONS, {
        id: sessionId,
        user: 'user',
        asset: asset.hostname,
        system_user: systemUser.name,
        user_id: user.id,
        asset_id: asset.id,
        system_user_id: systemUser.id,
        login_from: 'ST',
        remote_addr: '127.0.0.1',
        protocol: 'ssh',
        org_id: asset.org_id ?? '',
        date_start: new Date(Date.now() - 60_000).toISOString(),
      }),
      'open session',
    );
    await must(
      await asTerminal(terminal, 'PATCH', `${SESSIONS}${sessionId}/`, {
        is_finished: true,
        date_end: new Date().toISOString(),
      }),
      'close session',
      200,
    );
    // Its heartbeat: its doors, and the store refusing the recording.
    await must(
      await asTerminal(terminal, 'POST', '/api/v1/terminal/terminals/status/', {
        sessions: [],
        session_online: 0,
        ssh_port: 2299,
        http_port: 5099,
        http_host: '127.0.0.1',
        replay_store: { pending: 1, sessions: [sessionId], error: STORE_ERROR, since: Date.now() - 30_000 },
      }),
      'heartbeat',
    );
  });
  beforeEach(() => loginAs('admin'));
  afterEach(() => resetConsole());

  it('shows the terminal with its doors, storages and the store failing, and its sessions', async () => {
    const view = await mountConsole('/terminal/terminal');
    await waitForShell(view);
    const row = await waitFor(() => view.find(`.list-page tr[data-id="${terminalId}"]`), 8000, 'the terminal row');
    expect(text(row)).to.contain('2299');
    expect(text(row)).to.contain('5099');
    expect(text(row)).to.contain(bucket);
    const uploads = row.querySelector('.recording-uploads')!;
    expect(uploads.getAttribute('data-state')).to.equal('failing');
    expect(text(uploads)).to.contain('1 个待保存');
    expect(text(uploads)).to.contain(STORE_ERROR);

    click(await waitFor(() => row.querySelector('.action-sessions'), 5000, 'the Sessions action'));
    await waitFor(() => location.hash.includes(`terminal=${terminalId}`), 5000, 'the session list for this terminal');
    const history = await waitFor(() => view.find('.detail-tabs [data-tab="history"]'), 8000, 'the history tab');
    click(history);
    await waitFor(() => view.find(`.session-list-page tr[data-id="${sessionId}"]`), 8000, 'its session listed');
  });

  it("says in the session's detail that its recording is not stored yet, and why", async () => {
    const view = await mountConsole(`/terminal/sessions/${sessionId}`);
    await waitForShell(view);
    const note = await waitFor(
      () => view.find('.session-detail-page .no-replay[data-replay-status="retrying"]'),
      8000,
      'the recording state',
    );
    expect(text(note)).to.contain(`录像尚未保存到 ${bucket}，正在重试`);
    expect(text(note)).to.contain(STORE_ERROR);
  });

  it('says where each storage keeps things: commands in the database, recordings in the bucket', async () => {
    const view = await mountConsole('/terminal/storages?activeTab=replay');
    await waitForShell(view);
    const storage = (await listOf<Row>(REPLAY_STORAGES)).find((s) => s.name === bucket)!;
    const replayRow = await waitFor(() => view.find(`.list-page tr[data-id="${storage.id}"]`), 8000, 'the bucket row');
    expect(text(replayRow)).to.contain('对象存储桶');
    click(view.find('.detail-tabs [data-tab="command"]'));
    const builtIn = (await listOf<Row>(COMMAND_STORAGES)).find((s) => s.type === 'server')!;
    const commandRow = await waitFor(
      () => view.find(`.list-page tr[data-id="${builtIn.id}"]`),
      8000,
      'the built-in command storage',
    );
    expect(text(commandRow)).to.contain('服务器数据库');
    setHash('/terminal/command-storage/create');
    const typeItem = await waitFor(
      () => view.find('.form-page .form-item[data-field="type"]'),
      8000,
      'the command storage form',
    );
    expect(text(typeItem)).to.contain('命令始终保存在服务器数据库中');
  });
});

// Against the reference server: a terminal whose heartbeat reports a full disk (as demo/terminal's
// storage-health.ts does) is shown as such on the Terminals list, its detail and the super admin's
// dashboard, which then leads with the storage panel; space back, the next heartbeat clears it.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, setHash, waitForShell } from '../../elements/support/console-fixture.ts';
import { TERMINALS, asTerminal, registerTerminal, uniqueName } from './support.ts';

const STATUS = '/api/v1/terminal/terminals/status/';
const GB = 1024 * 1024 * 1024;

async function beat(terminal: string, body: Record<string, unknown>): Promise<void> {
  const answer = await asTerminal(terminal, 'POST', STATUS, {
    sessions: [],
    session_online: 0,
    cpu_load: 0,
    memory_used: 0,
    ...body,
  });
  if (answer.status !== 201) throw new Error(`heartbeat: ${answer.status} ${JSON.stringify(answer.data)}`);
}

describe('terminal: storage state of terminals and the server (real server)', () => {
  const name = uniqueName('disk');
  let id = '';
  before(async () => {
    id = (await registerTerminal(name)).id;
    await beat(name, {
      data_free_bytes: 0,
      data_total_bytes: 2 * GB,
      storage_fault: 'full',
      storage_last_fault: {
        kind: 'full',
        code: 'ENOSPC',
        message: 'no space left on device',
        at: new Date().toISOString(),
      },
    });
  });
  beforeEach(() => loginAs('admin'));
  afterEach(() => resetConsole());
  after(async () => {
    await loginAs('admin');
    await api('DELETE', `${TERMINALS}${id}/`);
  });

  it('marks the full terminal on the list and its detail, and clears it when space returns', async () => {
    const view = await mountConsole('/terminal/terminal');
    await waitForShell(view);
    const row = await waitFor(() => view.find(`.list-page tr[data-id="${id}"]`), 8000, 'the terminal row');
    const state = await waitFor(() => row.querySelector('[data-storage]'), 5000, 'its storage cell');
    expect(state.getAttribute('data-storage')).to.equal('full');
    expect(text(state)).to.contain('磁盘已满');
    expect(text(state)).to.contain('可用 0 B / 共 2.0 GB');
    expect((state as HTMLElement).style.color, 'drawn as trouble').to.contain('danger');

    setHash(`/terminal/terminal/${id}`);
    const card = await waitFor(
      () => view.find('.detail-page .detail-card [data-storage="full"]'),
      8000,
      'the detail card',
    );
    expect(text(card)).to.contain('磁盘已满');
    expect(text(view.find('.detail-page .detail-card'))).to.contain('ENOSPC');

    await beat(name, { data_free_bytes: GB, data_total_bytes: 2 * GB, storage_fault: '' });
    setHash('/terminal/terminal');
    await waitFor(() => view.find(`.list-page tr[data-id="${id}"] [data-storage="ok"]`), 8000, 'the row back to OK');
  });

  it("leads the super admin's dashboard with the storage panel while a disk is full", async () => {
    await beat(name, { data_free_bytes: 0, data_total_bytes: 2 * GB, storage_fault: 'full' });
    const view = await mountConsole('/dashboard');
    await waitForShell(view);
    const panel = await waitFor(() => view.find('.dashboard .storage-status'), 10000, 'the storage panel');
    expect(panel.getAttribute('data-trouble')).to.equal('1');
    expect(view.find('.dashboard')!.firstElementChild!.nextElementSibling, 'first after the styles').to.equal(panel);
    const server = panel.querySelector('tr[data-storage-of="server"] [data-storage]')!;
    expect(['ok', 'low']).to.include(server.getAttribute('data-storage'));
    const terminal = panel.querySelector(`tr[data-storage-of="${name}"] [data-storage]`)!;
    expect(terminal.getAttribute('data-storage')).to.equal('full');
    expect(text(terminal)).to.contain('磁盘已满');
  });
});

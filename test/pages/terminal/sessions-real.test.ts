// Against the reference server: an auditor sees a terminal's live session among the online sessions,
// terminates it, and the kill task reaches that terminal on its next heartbeat.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import { mountConsole, resetConsole, waitForShell } from '../../elements/support/console-fixture.ts';
import { click, waitForToast } from '../users/support.ts';
import {
  SESSIONS,
  asTerminal,
  asciicast,
  closeSession,
  openSession,
  registerTerminal,
  uniqueName,
  uploadReplay,
  type Session,
} from './support.ts';

const prefix = uniqueName('sess');
const terminal = `${prefix}-term`;

describe('terminal: sessions list (real server)', () => {
  let live: Session;
  let done: Session;
  let recorded: Session;
  before(async () => {
    await registerTerminal(terminal);
    live = await openSession(terminal);
    done = await openSession(terminal, { startedSecondsAgo: 240 });
    await closeSession(terminal, done);
    recorded = await openSession(terminal, { startedSecondsAgo: 120 });
    await uploadReplay(
      terminal,
      recorded,
      asciicast(recorded, [
        [1, '$ '],
        [3, `echo ${prefix}\r\n${prefix}\r\n$ `],
      ]),
    );
    await closeSession(terminal, recorded, { has_replay: true });
  });
  afterEach(() => resetConsole());

  it('shows the online session to an auditor, terminates it, and the terminal gets the kill task', async () => {
    await loginAs('sysauditor');
    const view = await mountConsole('/terminal/session?activeTab=online');
    await waitForShell(view);
    const row = await waitFor(
      () => view.find(`.session-list-page tr[data-id="${live.id}"]`),
      10000,
      'the online session',
    );
    // Named as the door signed the user in and found the asset.
    expect(text(row)).to.contain(live.user);
    expect(text(row)).to.contain(live.asset);
    expect(view.find(`.session-list-page tr[data-id="${done.id}"]`), 'a finished session is not online').to.equal(null);
    expect(text(view.find('.detail-tabs [aria-selected="true"]'))).to.equal('在线会话');
    expect(view.find('nav.sidebar [data-menu="route.SessionList"]'), 'Sessions in the menu').not.to.equal(null);

    click(row.querySelector('.action-terminate'));
    await waitForToast('success', '终断任务已发送，请稍后查看');

    const beat = await asTerminal<{ id: string; name: string; args: string }[]>(
      terminal,
      'POST',
      '/api/v1/terminal/terminals/status/',
      { sessions: [live.id], cpu_load: 0, memory_used: 0, session_online: 1 },
    );
    expect(beat.status).to.equal(201);
    expect(beat.data.filter((task) => task.name === 'kill_session').map((task) => task.args)).to.include(live.id);
  });

  it('lists the finished session under history, with its command count and no Terminate', async () => {
    await loginAs('sysauditor');
    const view = await mountConsole('/terminal/session?activeTab=history');
    await waitForShell(view);
    const row = await waitFor(
      () => view.find(`.session-list-page tr[data-id="${done.id}"]`),
      10000,
      'the finished session',
    );
    expect(text(row)).to.contain(done.user);
    expect(text(row.querySelector('td[data-prop="command_amount"]'))).to.equal('0');
    expect(row.querySelector('.action-terminate'), 'no terminate on history').to.equal(null);
    const replay = row.querySelector('.action-replay')!;
    expect(
      replay.hasAttribute('disabled') || replay.getAttribute('aria-disabled') === 'true',
      'no recording, no replay',
    ).to.equal(true);
    expect(view.find(`.session-list-page tr[data-id="${live.id}"]`), 'an online session is not history').to.equal(null);
  });

  it('replays a recorded session from the history tab, and offers its download', async () => {
    await loginAs('sysauditor');
    const view = await mountConsole('/terminal/session?activeTab=history');
    await waitForShell(view);
    const row = await waitFor(
      () => view.find(`.session-list-page tr[data-id="${recorded.id}"]`),
      10000,
      'the recorded session',
    );
    const download = await api('GET', `${SESSIONS}${recorded.id}/replay/download/`);
    expect(download.status, 'the download the row offers').to.equal(200);
    expect(row.querySelector('.action-download')!.hasAttribute('disabled')).to.equal(false);
    click(row.querySelector('.action-replay'));
    const page = await waitFor(() => view.find('.session-detail-page'), 10000, 'the session detail');
    expect(location.hash).to.contain(`/terminal/sessions/${recorded.id}`);
    await waitFor(() => page.querySelector('.replay-player[data-state="ready"]'), 15000, 'the player ready');
    // Opened from the list it plays at once, as Luna did.
    await waitFor(() => page.querySelector('.replay-player[data-playing="true"]'), 3000, 'playing');
    expect(text(page.querySelector('.detail-card'))).to.contain(recorded.user);
  });

  it('is closed to a plain user: the section is not in the menu', async () => {
    await loginAs('user');
    const view = await mountConsole('/');
    await waitForShell(view);
    await waitFor(() => view.find('nav.sidebar [data-menu]'), 8000, 'the menu');
    expect(view.find('nav.sidebar [data-menu="route.SessionList"]')).to.equal(null);
  });
});

// Against the reference server, on a 1920×900 window (where a terminal fitted to the width alone was
// taller than the window and Play sat at y≈1242): every way into a replay — the session list's Replay
// and its user link, a command's link in the command log, the dashboard's latest sessions — opens the
// recording fitted to the window, its controls in view, and playing at once, as Luna did.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { waitFor } from '../../helpers/dom.ts';
import { api, loginAs } from '../../helpers/server.ts';
import {
  DESKTOP,
  mountConsole,
  resetConsole,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click } from '../users/support.ts';

type Session = { id: string; date_start: string };
type Command = { id: string; session: string };

const WIDE = { width: 1920, height: 900 };

/** The player is ready and playing, and it, its controls and its keys' line end inside the window. */
async function fittedAndPlaying(view: MountedConsole): Promise<void> {
  const player = await waitFor(
    () => view.find<HTMLElement>('.session-detail-page .replay-player[data-state="ready"]'),
    15_000,
    'the player',
  );
  await waitFor(() => player.dataset.playing === 'true', 5000, 'playing at once');
  await new Promise((resolve) => setTimeout(resolve, 300)); // the fit follows the first frame
  for (const part of ['.replay-screen', '.replay-controls', '.replay-toggle', '.replay-scrubber', '.replay-keys']) {
    const box = player.querySelector(part)!.getBoundingClientRect();
    expect(box.bottom, `${part} ends inside the ${window.innerHeight}-px window`).to.be.at.most(window.innerHeight);
    expect(box.height, `${part} is drawn`).to.be.greaterThan(0);
  }
  const screen = player.querySelector<HTMLElement>('.replay-screen')!;
  expect(screen.scrollHeight - screen.clientHeight, 'the terminal fits its box: nothing to scroll').to.be.at.most(1);
}

describe('replay: every way in opens fitted and playing (real server)', function () {
  this.timeout(90_000);
  // A sample session of the seeded data (recorded, with commands): sessions are made only by a
  // terminal for a user its door signed in, which a browser test cannot be.
  let session: Session;
  let command: Command;
  before(async () => {
    await loginAs('admin');
    const sessions = await api<{ results: (Session & { can_replay: boolean })[] }>(
      'GET',
      '/api/v1/terminal/sessions/?is_finished=1&limit=20&offset=0',
      undefined,
      { org: 'DEFAULT' },
    );
    session = sessions.data.results.find((row) => row.can_replay)!;
    const commands = await api<{ results: Command[] }>(
      'GET',
      `/api/v1/terminal/commands/?session_id=${session.id}&limit=5&offset=0`,
      undefined,
      { org: 'DEFAULT' },
    );
    // The oldest of them (the list is newest first): from the last command the replay plays only the
    // second or two to its end, which a loaded run can miss while waiting to see it play.
    command = commands.data.results.at(-1)!;
    expect(command, 'a command of the sample session').to.not.equal(undefined);
  });
  beforeEach(() => loginAs('admin'));
  afterEach(async () => {
    await resetConsole();
    await setViewport(DESKTOP);
  });

  const open = async (path: string) => {
    const view = await mountConsole(path);
    await setViewport(WIDE);
    await waitForShell(view);
    return view;
  };

  it("from the session list's Replay", async () => {
    const view = await open('/terminal/session?activeTab=history');
    const row = await waitFor(() => view.find(`.session-list-page tr[data-id="${session.id}"]`), 10_000, 'the session');
    click(row.querySelector('.action-replay'));
    await fittedAndPlaying(view);
  });

  it("from the session list's link to the session", async () => {
    const view = await open('/terminal/session?activeTab=history');
    const row = await waitFor(() => view.find(`.session-list-page tr[data-id="${session.id}"]`), 10_000, 'the session');
    click(row.querySelector('a.detail-link'));
    await fittedAndPlaying(view);
  });

  it("from a command's link in the command log", async () => {
    const view = await open(`/terminal/command?session_id=${session.id}`);
    const row = await waitFor(() => view.find(`.list-page tr[data-id="${command.id}"]`), 10_000, 'the command');
    click(row.querySelector('a.replay-at'));
    await fittedAndPlaying(view);
    expect(location.hash, 'at that command').to.contain(`start=${command.id}`);
  });

  it("from the dashboard's latest sessions", async () => {
    const view = await open('/dashboard');
    const link = await waitFor(
      () => view.find(`.latest-sessions a.session-link[href$="${session.id}"]`),
      10_000,
      'the session on the dashboard',
    );
    click(link);
    await fittedAndPlaying(view);
  });

  it('opens paused when asked (?autoplay=0)', async () => {
    const view = await open(`/terminal/sessions/${session.id}?autoplay=0`);
    const player = await waitFor(
      () => view.find<HTMLElement>('.replay-player[data-state="ready"]'),
      15_000,
      'the player',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(player.dataset.playing).to.equal('false');
  });
});

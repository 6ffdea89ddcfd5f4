// Against the reference server: the Commands page lists what a terminal recorded in the last five days,
// filters by risk level, unfolds a command's output as text, and links each command to the session's
// replay at that command.
import { expect } from '@open-wc/testing';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs } from '../../helpers/server.ts';
import {
  mountConsole,
  resetConsole,
  settle,
  waitForShell,
  type MountedConsole,
} from '../../elements/support/console-fixture.ts';
import { click, nativeType } from '../users/support.ts';
import {
  COMMANDS,
  asciicast,
  closeSession,
  listOf,
  openSession,
  postCommands,
  registerTerminal,
  uniqueName,
  uploadReplay,
  type Session,
} from './support.ts';

const prefix = uniqueName('cmd');
const terminal = `${prefix}-term`;
type Command = {
  id: string;
  input: string;
  output: string;
  risk_level: number;
  risk_level_display: string;
  session: string;
  timestamp: number;
};

const rowOf = (view: MountedConsole, id: string) => view.find(`.list-page tr[data-id="${id}"]`);

async function filterBy(view: MountedConsole, field: string, value: string): Promise<void> {
  nativeType(view.find('.list-page select.filter-field'), field, 'change');
  await settle();
  nativeType(
    await waitFor(() => view.find('.list-page select.filter-value'), 3000, 'the value select'),
    value,
    'change',
  );
}

describe('terminal: commands list (real server)', () => {
  let session: Session;
  let ordinary: Command;
  let dangerous: Command;
  before(async () => {
    await registerTerminal(terminal);
    session = await openSession(terminal, { startedSecondsAgo: 240 });
    await postCommands(terminal, session, [
      { input: `ls -la ${prefix}`, output: 'total 0\n<b>not bold</b>', risk_level: 0, at: 5 },
      { input: `rm -rf /srv/${prefix}`, output: 'Command refused by filter', risk_level: 5, at: 42 },
    ]);
    await uploadReplay(
      terminal,
      session,
      asciicast(session, [
        [1, '$ '],
        [5, `ls -la ${prefix}\r\ntotal 0\r\n$ `],
        [42, `rm -rf /srv/${prefix}\r\n`],
      ]),
    );
    await closeSession(terminal, session, { has_replay: true, has_command: true });
    await loginAs('sysauditor');
    const recorded = await listOf<Command>(`${COMMANDS}?session_id=${session.id}`);
    ordinary = recorded.find((c) => c.risk_level === 0)!;
    dangerous = recorded.find((c) => c.risk_level === 5)!;
    expect(ordinary && dangerous, 'both commands recorded').to.be.ok;
  });
  beforeEach(() => loginAs('sysauditor'));
  afterEach(() => resetConsole());

  it('shows the last five days, unfolds output as text and filters by risk level', async () => {
    const view = await mountConsole('/terminal/command');
    await waitForShell(view);
    const row = await waitFor(() => rowOf(view, ordinary.id), 10000, 'the ordinary command');
    expect(rowOf(view, dangerous.id)).not.to.equal(null);
    const from = view.find<HTMLInputElement>('.list-page .date-range input.date-from')!;
    const days = (Date.now() - new Date(from.value.replace(' ', 'T')).getTime()) / 86_400_000;
    expect(days, 'the window opens five days back').to.be.within(5, 6);

    const details = row.querySelector('details.command-output') as HTMLDetailsElement;
    expect(text(details.querySelector('summary'))).to.equal(ordinary.input);
    click(details.querySelector('summary'));
    await waitFor(() => details.open, 2000, 'the output unfolded');
    expect(details.querySelector('pre')!.textContent).to.equal(ordinary.output);
    expect(details.querySelector('pre b'), 'server text is never HTML').to.equal(null);
    expect(text(rowOf(view, dangerous.id)!.querySelector('.risk-level'))).to.equal(dangerous.risk_level_display);

    await filterBy(view, 'risk_level', '5');
    await waitFor(() => rowOf(view, ordinary.id) === null, 8000, 'the ordinary command filtered out');
    await waitFor(() => rowOf(view, dangerous.id), 8000, 'the dangerous command kept');
    const levels = view
      .findAll('.list-page tbody tr[data-id] .risk-level')
      .map((cell) => cell.getAttribute('data-risk'));
    expect(levels.length).to.be.greaterThan(0);
    expect(
      levels.every((level) => level === '5'),
      `only dangerous rows: ${levels.join(',')}`,
    ).to.equal(true);
  });

  it("links a command to its session's detail at that command", async () => {
    const view = await mountConsole(`/terminal/command?risk_level=5`);
    await waitForShell(view);
    const row = await waitFor(() => rowOf(view, dangerous.id), 10000, 'the dangerous command');
    const link = row.querySelector('a.replay-at') as HTMLAnchorElement;
    expect(link.getAttribute('href')).to.equal(`#/terminal/sessions/${session.id}?start=${dangerous.id}`);
    click(link);
    const page = await waitFor(() => view.find('.session-detail-page'), 10000, 'the session detail');
    await waitFor(() => text(page.querySelector('h2')).includes(session.user), 8000, 'the session title');
    await waitFor(
      () => page.querySelector(`.session-commands tr[data-id="${dangerous.id}"]`),
      8000,
      "the session's commands",
    );
    expect(page.querySelector(`.session-commands tr[data-id="${ordinary.id}"]`)).not.to.equal(null);
    // The embedded player opens at the command: 42 s into the recording (it may already play on).
    const player = await waitFor(
      () => page.querySelector('.replay-player[data-state="ready"][data-seeking="false"]'),
      15000,
      'the player at the command',
    );
    const position = Number(player.getAttribute('data-position'));
    expect(position, `player position ${position}`).to.be.within(41, 50);
  });
});

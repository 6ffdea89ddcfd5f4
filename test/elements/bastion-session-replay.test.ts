// <bastion-session-replay> alone in a fixture page against the real server: a session recorded
// through the terminal API plays, pauses, jumps to a command and reports its events; signed out it
// offers a sign-in link.
import { expect } from '@open-wc/testing';
import '../../src/elements/bastion-session-replay.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { deepQuery, deepQueryAll, waitFor } from '../helpers/dom.ts';
import { loginAs, logout } from '../helpers/server.ts';
import { filler, marker, recordSession, type RecordedSession } from '../pages/terminal/replay/replay-fixture.ts';
import { mountReplay as mount, nextEvent, player, position, screenText, sleep } from './support/replay.ts';

describe('<bastion-session-replay>', () => {
  let session: RecordedSession;
  let el: HTMLElement | undefined;

  before(async () => {
    await loginAs('admin');
    session = await recordSession();
  });
  beforeEach(() => {
    $profile.set(null);
    $orgs.set([]);
    $currentOrg.set(null);
    setApiBase('');
  });
  afterEach(() => el?.remove());

  it('lists the commands beside the screen, plays, pauses and jumps to a command', async () => {
    el = mount({ session: session.id });
    const ready = await nextEvent(el, 'replay-ready');
    expect(ready.detail).to.include({ session: session.id, start: 0, commands: 3 });
    const items = deepQueryAll<HTMLElement>(el, '.replay-commands li');
    expect(items.map((li) => li.querySelector('.command-input')?.textContent)).to.deep.equal([
      'cat /var/log/step-1.log',
      'cat /var/log/step-2.log',
      'cat /var/log/step-3.log',
    ]);
    expect(deepQuery(el, '.replay-time')?.textContent).to.equal('0:00 / 1:09');

    deepQuery<HTMLButtonElement>(el, '.replay-toggle')?.click();
    await waitFor(() => position(el!) > 2.5, 8000, 'the clock to pass the first command');
    await waitFor(() => screenText(el!).includes(marker(1)), 3000, 'the first command on the screen');
    expect(deepQuery(el, '.replay-commands li[aria-current="true"] .command-input')?.textContent).to.equal(
      'cat /var/log/step-1.log',
    );

    deepQuery<HTMLButtonElement>(el, '.replay-toggle')?.click();
    await waitFor(() => player(el!)?.dataset.playing === 'false', 2000, 'pause');
    const paused = position(el);
    await sleep(400);
    expect(position(el)).to.equal(paused);
    expect(deepQuery(el, '.replay-toggle')?.textContent).to.be.oneOf(['播放', 'Play']);

    deepQueryAll<HTMLButtonElement>(el, '.replay-commands li button')[2].click();
    await waitFor(
      () => player(el!)?.dataset.seeking === 'false' && position(el!) === session.commands[2].offset,
      3000,
      'the jump',
    );
    await waitFor(() => screenText(el!).includes(marker(3)), 3000, 'the third command on the screen');
    expect(screenText(el)).to.include('cat /var/log/step-3.log');
    expect(screenText(el)).not.to.include(filler(605)); // printed after the command: not yet
    expect(screenText(el)).not.to.include(marker(2)); // scrolled away long before
    expect(deepQuery(el, '.replay-commands li[aria-current="true"] .command-input')?.textContent).to.equal(
      'cat /var/log/step-3.log',
    );
    expect(deepQuery(el, '.replay-time')?.textContent).to.equal('1:00 / 1:09');

    // Back to the first command: the screen is the one of second 2 again.
    deepQueryAll<HTMLButtonElement>(el, '.replay-commands li button')[0].click();
    await waitFor(
      () => screenText(el!).includes(marker(1)) && !screenText(el!).includes(marker(3)),
      3000,
      'the jump back',
    );
  });

  it('starts at a command given by id, answers the keyboard and reports the end', async () => {
    const second = session.commands[1];
    el = mount({ session: session.id, start: second.id, speed: '8' });
    const ready = await nextEvent(el, 'replay-ready');
    expect(ready.detail.start).to.equal(second.offset);
    await waitFor(() => screenText(el!).includes(marker(2)), 3000, 'the second command on the screen');
    expect(deepQuery(el, '.replay-commands li[aria-current="true"]')?.className).to.equal('risk-5');
    expect(deepQuery<HTMLSelectElement>(el, '.replay-speed')?.value).to.equal('8');

    const box = player(el) as HTMLElement;
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await waitFor(() => position(el!) === second.offset + 5, 2000, 'five seconds on');
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    await waitFor(() => position(el!) === second.offset, 2000, 'five seconds back');

    const ended = nextEvent(el, 'replay-ended', 15_000);
    box.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect((await ended).detail).to.deep.equal({ session: session.id });
    expect(player(el)?.dataset.playing).to.equal('false');
    expect(deepQuery(el, '.replay-time')?.textContent).to.equal('1:09 / 1:09');
  });

  it('reports replay-error for a session without a recording', async () => {
    el = mount({ session: crypto.randomUUID() });
    const error = await nextEvent(el, 'replay-error');
    expect(error.detail.message).to.be.a('string').and.not.equal('');
    await waitFor(() => deepQuery(el!, '.replay-error'), 2000, 'the error message');
  });

  it('shows a sign-in link when signed out', async () => {
    await logout();
    try {
      el = mount({ session: session.id });
      const link = await waitFor(() => deepQuery<HTMLAnchorElement>(el!, 'a.sign-in-link'), 5000, 'the sign-in link');
      // On this origin the page's own path: the server takes a path (and a full URL only on its origin).
      expect(link.getAttribute('href')).to.equal(
        `/core/auth/login/?next=${encodeURIComponent(location.pathname + location.search + location.hash)}`,
      );
      expect(deepQuery(el, '.replay-player')).to.equal(null);
    } finally {
      await loginAs('admin');
    }
  });
});

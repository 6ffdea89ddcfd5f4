// <bastion-session-replay> as an asciinema-player user drives it, against the real server with recorded
// sessions: autoplay, loop, idle-time-limit (the player's and the recording's own), posters, markers
// (given, recorded, or the commands) with their dots, events and pause-on-markers, getCurrentTime()
// and getDuration(), seek targets, the play/pause/timeupdate events, and the keys.
import { expect } from '@open-wc/testing';
import '../../src/elements/bastion-session-replay.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { deepQuery, deepQueryAll, waitFor } from '../helpers/dom.ts';
import { loginAs } from '../helpers/server.ts';
import { filler, marker, recordSession, type RecordedSession } from '../pages/terminal/replay/replay-fixture.ts';
import {
  mountReplay,
  nextEvent,
  player,
  position,
  press,
  recordEvents,
  screenText,
  sleep,
  timeText,
  type ReplayElement,
} from './support/replay.ts';

/** The fixture's recording: an event every half second from 0.5 s, the last at 69.5 s. */
const LAST_EVENT = 69.5;

describe('<bastion-session-replay> as asciinema-player', () => {
  let session: RecordedSession;
  let el: ReplayElement | undefined;

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

  const ready = async (attributes: Record<string, string>) => {
    el = mountReplay({ session: session.id, lang: 'en', ...attributes });
    const detail = (await nextEvent(el, 'bastion-replay-ready')).detail;
    await waitFor(() => player(el!)?.dataset.indexed === 'complete', 8000, 'the whole recording read');
    return detail;
  };

  it('autoplay: plays once the recording opens, ready first, then play', async () => {
    el = mountReplay({ session: session.id, lang: 'en', autoplay: '' });
    const seen = recordEvents(el, ['bastion-replay-ready', 'bastion-replay-play']);
    await waitFor(() => seen.length === 2, 15_000, 'ready and play');
    expect(seen.map((event) => event.type)).to.deep.equal(['bastion-replay-ready', 'bastion-replay-play']);
    expect((seen[1].detail as { currentTime: number }).currentTime).to.equal(0);
    await waitFor(
      () => position(el!) > 1 && screenText(el!).includes(filler(5)),
      5000,
      'the clock and the screen moving',
    );
    expect(player(el)?.dataset.playing).to.equal('true');
    expect(timeText(el)).to.match(/^0:0\d \/ 1:09$/);
  });

  it('loop: plays again from the start as many more times as given, then ends; the attribute reads as true, false or a count', async () => {
    await ready({ loop: '1', start: '67', speed: '8' });
    expect(el!.loop).to.equal(1);
    const ended = recordEvents(el!, ['bastion-replay-ended']);
    await el!.play();
    await waitFor(
      () => position(el!) < 5 && player(el!)?.dataset.playing === 'true',
      5000,
      'back at the start, playing on',
    );
    expect(ended).to.have.length(0);
    await el!.seek(67);
    await waitFor(() => ended.length === 1, 5000, 'the end after the one loop');
    expect(player(el!)?.dataset.playing).to.equal('false');
    expect(timeText(el!)).to.equal('1:09 / 1:09');
    el!.setAttribute('loop', '');
    expect(el!.loop).to.equal(true);
    el!.loop = false;
    expect(el!.hasAttribute('loop')).to.equal(false);
    el!.loop = 3;
    expect(el!.getAttribute('loop')).to.equal('3');
  });

  it('idle-time-limit: pauses are cut, the commands and start (seconds of the session) land on the shorter clock', async () => {
    // Every half-second pause is cut to a quarter: the 69.5 s recording lasts 34.75 s.
    const detail = await ready({ 'idle-time-limit': '0.25', start: '30' });
    expect(detail.start).to.equal(15);
    expect(timeText(el!)).to.equal('0:15 / 0:34');
    expect(screenText(el!)).to.include(marker(2));
    expect(el!.getDuration()).to.equal(LAST_EVENT / 2);
    expect(deepQueryAll(el!, '.replay-commands .command-time').map((time) => time.textContent)).to.deep.equal([
      '0:01',
      '0:15',
      '0:30',
    ]);
    deepQueryAll<HTMLButtonElement>(el!, '.replay-commands li button')[2].click();
    await waitFor(() => position(el!) === 30 && screenText(el!).includes(marker(3)), 3000, 'the third command at 0:30');
  });

  it('takes the recording\'s own idle_time_limit and markers ("m" events)', async () => {
    const own = await recordSession([2, 30, 60], 70, {
      header: { idle_time_limit: 0.25 },
      markers: [
        [10, 'ten'],
        [50, 'fifty'],
      ],
    });
    el = mountReplay({ session: own.id, lang: 'en' });
    await nextEvent(el, 'bastion-replay-ready');
    expect(timeText(el)).to.equal('0:00 / 0:34');
    const dots = await waitFor(
      () => {
        const found = deepQueryAll<HTMLElement>(el!, '.replay-marker');
        return found.length === 2 ? found : null;
      },
      3000,
      'two dots',
    );
    expect(dots.map((dot) => dot.title)).to.deep.equal(['Marker 0:05: ten', 'Marker 0:25: fifty']);
    press(el, ']');
    await waitFor(() => position(el!) === 5, 2000, 'the first marker');
    press(el, ']');
    await waitFor(() => position(el!) === 25, 2000, 'the second marker');
  });

  it('poster npt: shows the frame at that time while the clock stays at the start; playing starts from the start', async () => {
    await ready({ poster: 'npt:0:30' });
    await waitFor(() => screenText(el!).includes(marker(2)), 3000, 'the frame at 0:30');
    expect(position(el!)).to.equal(0);
    expect(timeText(el!)).to.equal('0:00 / 1:09');
    await el!.play();
    await waitFor(
      () => screenText(el!).includes(filler(5)) && !screenText(el!).includes(marker(2)),
      3000,
      'the recording from its start',
    );
  });

  it('poster text: shows the text until a seek or play; with autoplay no poster', async () => {
    await ready({ poster: 'data:text/plain,Hello poster\nsecond line' });
    await waitFor(
      () => screenText(el!).includes('Hello poster') && screenText(el!).includes('second line'),
      3000,
      'the poster',
    );
    expect(timeText(el!)).to.equal('0:00 / 1:09');
    await el!.seek(1);
    await waitFor(() => !screenText(el!).includes('Hello poster'), 3000, 'the poster gone');
    expect(screenText(el!)).to.include(filler(5)).and.include(filler(10));
    el!.remove();
    el = mountReplay({ session: session.id, poster: 'data:text/plain,Hello poster', autoplay: '' });
    await nextEvent(el, 'bastion-replay-ready');
    expect(screenText(el)).not.to.include('Hello poster');
  });

  it('markers: dots on the progress bar, [ and ] between them, seek({ marker }), the marker event, pause-on-markers', async () => {
    await ready({ markers: '[[5, "five"], [40, "forty"]]' });
    const dots = deepQueryAll<HTMLElement>(el!, '.replay-marker');
    expect(dots.map((dot) => dot.title)).to.deep.equal(['Marker 0:05: five', 'Marker 0:40: forty']);
    expect(dots.map((dot) => Number.parseFloat(dot.style.left).toFixed(2))).to.deep.equal([
      (500 / LAST_EVENT).toFixed(2),
      (4000 / LAST_EVENT).toFixed(2),
    ]);
    expect(dots[0].getBoundingClientRect().left).to.be.lessThan(dots[1].getBoundingClientRect().left);
    for (const [key, at] of [
      [']', 5],
      [']', 40],
      [']', LAST_EVENT],
      ['[', 40],
      ['[', 5],
      ['[', 0],
    ] as const) {
      press(el!, key);
      await waitFor(() => position(el!) === at, 2000, `${key} to ${at}`);
    }
    dots[1].click();
    await waitFor(() => position(el!) === 40, 2000, 'a click on a dot');
    await el!.seek({ marker: 0 });
    expect(el!.getCurrentTime()).to.equal(5);
    let refused: unknown;
    await el!.seek({ marker: 2 }).catch((error: unknown) => {
      refused = error;
    });
    expect(refused).to.be.instanceOf(RangeError);

    await el!.seek(39);
    el!.pauseOnMarkers = true;
    const seen = recordEvents(el!, ['bastion-replay-marker', 'bastion-replay-pause']);
    await el!.play();
    await waitFor(() => seen.length === 2, 5000, 'the marker, then the pause');
    expect(seen.map(({ type, detail }) => ({ type, detail }))).to.deep.equal([
      { type: 'bastion-replay-marker', detail: { index: 1, time: 40, label: 'forty' } },
      { type: 'bastion-replay-pause', detail: { currentTime: 40, duration: LAST_EVENT } },
    ]);
    expect(position(el!)).to.equal(40);
    await waitFor(() => screenText(el!).includes(filler(400)), 2000, 'the screen at the marker');
    expect(screenText(el!)).not.to.include(filler(405));
  });

  it('without markers the commands are the markers: dots labelled with the command, and playing past one reports it', async () => {
    await ready({});
    const dots = deepQueryAll<HTMLElement>(el!, '.replay-marker');
    expect(dots.map((dot) => dot.title)).to.deep.equal(
      session.commands.map(
        (command) =>
          `Marker ${command.offset === 2 ? '0:02' : command.offset === 30 ? '0:30' : '1:00'}: ${command.input}`,
      ),
    );
    await el!.seek(29.5);
    const reached = nextEvent(el!, 'bastion-replay-marker', 5000);
    await el!.play();
    expect((await reached).detail).to.deep.equal({ index: 1, time: 30, label: session.commands[1].input });
    await sleep(300);
    expect(player(el!)?.dataset.playing).to.equal('true');
  });

  it('getCurrentTime() and getDuration() (0 and undefined until open), and seek targets: percentages, 5 s and a tenth', async () => {
    el = mountReplay({ session: session.id });
    expect(el.getCurrentTime()).to.equal(0);
    expect(el.getDuration()).to.equal(undefined);
    await nextEvent(el, 'bastion-replay-ready');
    await waitFor(() => player(el!)?.dataset.indexed === 'complete', 8000, 'the whole recording read');
    expect(el.getDuration()).to.equal(LAST_EVENT);
    await el.seek('50%');
    expect(el.getCurrentTime()).to.equal(LAST_EVENT / 2);
    expect(timeText(el)).to.equal('0:34 / 1:09');
    await el.seek('>>>');
    expect(el.getCurrentTime()).to.be.closeTo(LAST_EVENT * 0.6, 1e-9);
    await el.seek('<<');
    expect(el.getCurrentTime()).to.be.closeTo(LAST_EVENT * 0.6 - 5, 1e-9);
  });

  it('play, pause and timeupdate events: their details, timeupdate at most four a second while playing and after a seek', async () => {
    await ready({});
    await el!.seek(10);
    const seen = recordEvents(el!, ['bastion-replay-play', 'bastion-replay-pause', 'bastion-replay-timeupdate']);
    await el!.play();
    await sleep(1100);
    await el!.pause();
    const at = el!.getCurrentTime();
    expect(seen[0]).to.deep.include({ type: 'bastion-replay-play', detail: { currentTime: 10, duration: LAST_EVENT } });
    expect(seen.filter((event) => event.type === 'bastion-replay-pause').map((event) => event.detail)).to.deep.equal([
      { currentTime: at, duration: LAST_EVENT },
    ]);
    const updates = seen.filter((event) => event.type === 'bastion-replay-timeupdate');
    expect(updates.length).to.be.within(3, 6);
    const times = updates.map((event) => (event.detail as { currentTime: number }).currentTime);
    expect(times).to.deep.equal([...times].sort((a, b) => a - b));
    expect(times[0]).to.be.greaterThan(10);
    for (let i = 1; i < updates.length; i += 1) expect(updates[i].at - updates[i - 1].at).to.be.greaterThan(200);
    seen.length = 0;
    await el!.seek(20);
    await waitFor(
      () => seen.some((event) => event.type === 'bastion-replay-timeupdate'),
      1000,
      'the time after a seek',
    );
    expect(seen.at(-1)).to.deep.include({
      type: 'bastion-replay-timeupdate',
      detail: { currentTime: 20, duration: LAST_EVENT },
    });
  });

  it('its controls, marker dots and command list pass axe-core (no critical or serious violation)', async () => {
    await ready({ markers: '[[5, "five"]]' });
    const win = window as Window & {
      axe?: {
        run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null }[] }>;
      };
    };
    if (!win.axe) {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      await new Promise((resolve, reject) => {
        script.onload = resolve;
        script.onerror = reject;
        document.head.append(script);
      });
    }
    const { violations } = await win.axe!.run(el, { resultTypes: ['violations'] });
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).to.deep.equal(
      [],
    );
  });

  it('keys: Shift+arrows a tenth, digits a share, . and , one frame (pausing), and the help text lists them', async () => {
    await ready({});
    await el!.seek(10);
    press(el!, 'ArrowRight', { shiftKey: true });
    await waitFor(() => Math.abs(position(el!) - (10 + LAST_EVENT / 10)) < 0.01, 2000, 'a tenth on');
    press(el!, 'ArrowLeft', { shiftKey: true });
    await waitFor(() => position(el!) === 10, 2000, 'a tenth back');
    press(el!, '5');
    await waitFor(() => position(el!) === LAST_EVENT / 2, 2000, '50 %');
    press(el!, '0');
    await waitFor(() => position(el!) === 0, 2000, '0 %');
    for (const [key, at, shown] of [
      ['.', 0.5, filler(5)],
      ['.', 1, filler(10)],
      [',', 0.5, filler(5)],
    ] as const) {
      press(el!, key);
      await waitFor(() => position(el!) === at && screenText(el!).includes(shown), 2000, `${key} to ${at}`);
    }
    expect(screenText(el!)).not.to.include(filler(10));
    await el!.play();
    press(el!, '.');
    await waitFor(() => player(el!)?.dataset.playing === 'false', 2000, 'a step pauses');
    const keys = deepQuery(el!, '.replay-keys')?.textContent ?? '';
    for (const part of ['Space', 'Shift+←/→', '0–9', ',/.', '[/]', '↑/↓', 'f: fullscreen'])
      expect(keys).to.include(part);
    el!.setAttribute('lang', 'zh');
    await waitFor(() => deepQuery(el!, '.replay-keys')?.textContent?.includes('f：全屏'), 3000, 'the keys in Chinese');
  });
});

// <bastion-session-replay> in a host page's layout: it takes its box and no more. By default the terminal
// is scaled to the element's width (and follows it when the width changes); fit="both" fits it inside
// a fixed-size container; a host height shorter than the terminal scrolls the screen and keeps the
// controls; fit="height" fills the height; fit="none" draws at terminal-font-size; a narrow box puts the
// commands under the screen; and `f` takes the player fullscreen and back. Content after the element
// is never covered.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/bastion-session-replay.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { deepQuery, waitFor } from '../helpers/dom.ts';
import { loginAs } from '../helpers/server.ts';
import { recordSession, type RecordedSession } from '../pages/terminal/replay/replay-fixture.ts';
import { mountReplay, nextEvent, player } from './support/replay.ts';

const rect = (el: Element | null) => el!.getBoundingClientRect();
const part = (el: HTMLElement, selector: string) => deepQuery<HTMLElement>(el, selector)!;
/** The terminal as drawn (rows × cols cells). */
const terminal = (el: HTMLElement) => rect(part(el, '.xterm-screen'));

/** The screen box's inner size: what the terminal is fitted into. */
function screenBox(el: HTMLElement): { width: number; height: number } {
  const box = part(el, '.replay-screen');
  const style = getComputedStyle(box);
  return {
    width: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    height: box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
  };
}

function within(inner: DOMRect, outer: DOMRect, what: string): void {
  const slack = 0.5;
  expect(inner.left, `${what}: left`).to.be.at.least(outer.left - slack);
  expect(inner.top, `${what}: top`).to.be.at.least(outer.top - slack);
  expect(inner.right, `${what}: right`).to.be.at.most(outer.right + slack);
  expect(inner.bottom, `${what}: bottom`).to.be.at.most(outer.bottom + slack);
}

/** The paragraph after the element is what a user sees (and clicks) at its place. */
function notCovered(after: HTMLElement): void {
  const box = rect(after);
  expect(document.elementFromPoint(box.left + 5, box.top + box.height / 2), 'the content after the player').to.equal(
    after,
  );
}

/** The recording's terminal: 80 columns, 24 rows. */
const COLS = 80;
const ROWS = 24;

/**
 * Fitted to `room`: not larger, and so close that a larger font would not fit: the room left is under
 * one column, or (rows are whole pixels high) under one pixel per row.
 */
const widthLeft = (size: number) => size / COLS + 1;
const heightLeft = ROWS + 1;
const filled = (size: number, room: number, left: number) => size <= room + 0.5 && room - size < left;

function fills(size: number, room: number, left: number, what: string): void {
  expect(size, what).to.be.at.most(room + 0.5);
  expect(room - size, `${what}: room left`).to.be.below(left);
}

/**
 * Waits until the terminal fits the screen box as `fit` says: it is fitted again in the frame after its
 * box changes size (the controls, enabled once the recording opened, may take another line).
 */
function settled(el: HTMLElement, fit: 'width' | 'height' | 'both'): Promise<unknown> {
  return waitFor(
    () => {
      const drawn = terminal(el);
      const room = screenBox(el);
      const width = filled(drawn.width, room.width, widthLeft(drawn.width));
      const height = filled(drawn.height, room.height, heightLeft);
      if (fit === 'width') return width;
      if (fit === 'height') return height;
      return drawn.width <= room.width + 0.5 && drawn.height <= room.height + 0.5 && (width || height);
    },
    3000,
    `the terminal fitted (${fit})`,
  );
}

describe('<bastion-session-replay> sizing', () => {
  let session: RecordedSession;
  let page: HTMLElement | undefined;

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
  afterEach(() => page?.remove());

  /** A host page: a container of `style`, the element in it, a paragraph after the container. */
  async function host(style: string, attributes: Record<string, string> = {}, elementStyle = '') {
    page = document.createElement('main');
    const container = document.createElement('div');
    container.style.cssText = style;
    const el = mountReplay({ session: session.id, lang: 'en', ...attributes }, container);
    el.style.cssText = elementStyle;
    const after = document.createElement('p');
    after.textContent = 'Content after the player';
    page.append(container, after);
    document.body.append(page);
    await nextEvent(el, 'bastion-replay-ready');
    const fit = attributes.fit ?? 'width';
    if (fit === 'width' || fit === 'height' || fit === 'both') await settled(el, fit);
    return { el, container, after };
  }

  it('fits the width by default: the terminal as wide as the screen, the height following, content after it below', async () => {
    const { el, container, after } = await host('width: 600px');
    const { width, height } = terminal(el);
    expect(height / width).to.be.within(0.4, 0.8); // 24 rows of 80 columns
    within(rect(el), rect(container), 'the element');
    expect(rect(el).bottom).to.be.at.most(rect(after).top);
    notCovered(after);
    // A wider box: the terminal grows with it.
    container.style.width = '1000px';
    await waitFor(() => terminal(el).width > width + 50, 3000, 'a wider terminal');
    await settled(el, 'width');
    notCovered(after);
  });

  it('fit="both" in a fixed-size container: every part inside it, the terminal inside the screen, nothing after it covered', async () => {
    const { el, container, after } = await host('width: 700px; height: 320px', { fit: 'both' }, 'height: 100%');
    within(rect(el), rect(container), 'the element');
    for (const selector of [
      '.replay-screen',
      '.replay-controls',
      '.replay-keys',
      '.replay-commands',
      '.replay-toggle',
      '.replay-time',
    ]) {
      within(rect(part(el, selector)), rect(container), selector);
    }
    within(terminal(el), rect(part(el, '.replay-screen')), 'the terminal');
    // Inside both, filling the height here (the box is wider than 80 columns of that height).
    fills(terminal(el).height, screenBox(el).height, heightLeft, 'terminal height');
    expect(terminal(el).width).to.be.lessThan(screenBox(el).width * 0.9);
    notCovered(after);
  });

  it('a host height shorter than the terminal at full width: the screen scrolls, the controls stay in the box', async () => {
    const { el, container, after } = await host('width: 700px; height: 220px', {}, 'height: 100%');
    within(rect(el), rect(container), 'the element');
    for (const selector of ['.replay-controls', '.replay-toggle', '.replay-keys'])
      within(rect(part(el, selector)), rect(container), selector);
    const screen = part(el, '.replay-screen');
    fills(terminal(el).width, screenBox(el).width, widthLeft(terminal(el).width), 'terminal width');
    expect(screen.scrollHeight).to.be.greaterThan(screen.clientHeight);
    notCovered(after);
  });

  it('a max-height on the element holds it like a height: the controls stay inside, nothing after it covered', async () => {
    const { el, after } = await host('width: 700px', {}, 'max-height: 240px');
    expect(rect(el).height).to.be.at.most(240.5);
    for (const selector of [
      '.replay-screen',
      '.replay-controls',
      '.replay-toggle',
      '.replay-keys',
      '.replay-commands',
    ]) {
      within(rect(part(el, selector)), rect(el), selector);
    }
    notCovered(after);
  });

  it('fit="height" fills the height the host gives', async () => {
    const { el } = await host('width: 900px; height: 400px', { fit: 'height' }, 'height: 100%');
    fills(terminal(el).height, screenBox(el).height, heightLeft, 'terminal height');
  });

  it('fit="none" draws at terminal-font-size (named or CSS), which a fitted screen does not use', async () => {
    const font = (el: HTMLElement) => getComputedStyle(part(el, '.xterm-rows')).fontSize;
    const { el } = await host('width: 900px', { fit: 'none', 'terminal-font-size': 'big' });
    expect(font(el)).to.equal('24px');
    el.setAttribute('terminal-font-size', '15px');
    await waitFor(() => font(el) === '15px', 2000, '15px');
    el.removeAttribute('terminal-font-size');
    await waitFor(() => font(el) === '12px', 2000, 'small, the default');
    el.setAttribute('fit', 'width');
    el.setAttribute('terminal-font-size', 'big');
    await settled(el, 'width');
    expect(font(el)).to.not.equal('24px');
  });

  it('a narrow box puts the commands under the screen, inside the element', async () => {
    const { el, after } = await host('width: 420px');
    const screen = rect(part(el, '.replay-screen'));
    const commands = rect(part(el, '.replay-commands'));
    expect(commands.top).to.be.at.least(screen.bottom);
    within(commands, rect(el), 'the command list');
    fills(terminal(el).width, screenBox(el).width, widthLeft(terminal(el).width), 'terminal width');
    notCovered(after);
  });

  it("in a host's flex row with no width of its own: neither shrinking away nor growing past the row", async () => {
    const { el, container } = await host('display: flex; width: 1200px; align-items: flex-start');
    const nav = document.createElement('nav');
    nav.style.cssText = 'flex: none; width: 300px';
    container.prepend(nav);
    await waitFor(() => rect(el).width <= 900.5, 3000, 'the element beside the navigation');
    await settled(el, 'width');
    expect(rect(el).width).to.be.greaterThan(400);
    expect(terminal(el).width).to.be.greaterThan(300);
    within(rect(el), rect(container), 'the element');
  });

  it('f takes the player fullscreen, fitted inside the screen, and back', async () => {
    const { el } = await host('width: 600px');
    player(el)!.focus();
    await sendKeys({ press: 'f' });
    await waitFor(() => document.fullscreenElement === el, 3000, 'fullscreen');
    // The button follows the document's fullscreenchange event, drawn a moment after fullscreenElement is set.
    await waitFor(
      () => part(el, '.replay-fullscreen').textContent === 'Exit fullscreen',
      3000,
      'the button to say Exit fullscreen',
    );
    await waitFor(() => screenBox(el).height > 300, 3000, 'the screen as tall as the window');
    await settled(el, 'both');
    within(terminal(el), new DOMRect(0, 0, innerWidth, innerHeight), 'the terminal');
    await sendKeys({ press: 'f' });
    await waitFor(() => document.fullscreenElement === null && rect(el).width === 600, 3000, 'back from fullscreen');
    await settled(el, 'width');
  });
});

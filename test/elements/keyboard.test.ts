// Keyboard only, in Chromium, on the built console as the reference server serves it (an iframe, real
// key presses through the browser, no click): sign in, skip to the main content, create a user, find
// it with the search box, open its row, move through its tabs with the arrow keys, open a dialog and
// close it with Escape (focus goes in and comes back), then pause, play and seek a replay (it opens
// playing) and Tab through its commands and out of the player without being caught in the terminal.
// Every control Tab reaches shows a focus ring. Pages are opened by their address, as a user types one.
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { api, captchaAnswer, clearCookies, loginAs, logout } from '../helpers/server.ts';

let frame: HTMLIFrameElement;
const doc = () => frame.contentDocument as Document;
const press = (key: string) => sendKeys({ press: key });
const type = (text: string) => sendKeys({ type: text });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The focused element in the frame, through shadow roots. */
function active(): Element | null {
  let element = doc().activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

// The frame's nodes come from its own realm: `instanceof ShadowRoot` (the test page's) is false for them.
const shadowHost = (node: Node | null | undefined): Element | null =>
  (node as ShadowRoot | null | undefined)?.host ?? null;

/** The element itself, or the custom element whose shadow root holds it (a Shoelace control's host). */
function host(element: Element | null): Element | null {
  const outer = shadowHost(element?.getRootNode());
  return outer?.tagName.startsWith('SL-') ? outer : element;
}

/** Whether `element` is inside something matching `selector`, crossing shadow roots outwards. */
function within(element: Element | null, selector: string): boolean {
  let at: Element | null = element;
  while (at) {
    if (at.closest(selector)) return true;
    at = shadowHost(at.getRootNode());
  }
  return false;
}

/** Finds `selector` in the frame, through shadow roots. */
function find(selector: string, root: ParentNode = doc()): Element | null {
  const direct = root.querySelector(selector);
  if (direct) return direct;
  for (const element of root.querySelectorAll('*')) {
    const inner = element.shadowRoot && find(selector, element.shadowRoot);
    if (inner) return inner;
  }
  return null;
}

const describeEl = (element: Element | null) =>
  element ? `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">` : 'nothing';
const visited: Element[] = [];
/** Controls Tab reached that showed no focus ring (nor any other outline or shadow of focus). */
const ringless: string[] = [];

/** The outline and box shadow of an element, as drawn now. */
function ring(element: Element): string {
  const style = getComputedStyle(element);
  const outline =
    style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
      : '';
  return `${outline}|${style.boxShadow === 'none' ? '' : style.boxShadow}`;
}

/**
 * Whether focus draws something on the focused element or on the box around it that shows its focus (a
 * Shoelace input's base, the search bar's :focus-within): an outline or a shadow there while focused that
 * is gone once it is not (a card's everyday shadow does not count). Focus is given back as the keyboard gave it.
 */
async function showsFocus(element: Element): Promise<boolean> {
  const chain: Element[] = [];
  for (let at: Element | null = element; at && chain.length < 4; at = at.parentElement) chain.push(at);
  const focused = chain.map(ring);
  (element as HTMLElement).blur();
  await sleep(50); // Shoelace redraws its focus state in its next update
  const resting = chain.map(ring);
  (element as HTMLElement).focus({ focusVisible: true } as FocusOptions);
  await sleep(50);
  return focused.some((drawn, i) => drawn !== resting[i] && drawn !== '|');
}

/** Presses Tab (or Shift+Tab) until the focused element matches; fails if focus stops moving (a trap). */
async function tabTo(
  matches: (element: Element) => boolean,
  what: string,
  { back = false, max = 80 } = {},
): Promise<Element> {
  let still = 0;
  let last = active();
  for (let n = 0; n < max; n += 1) {
    if (back) await sendKeys({ down: 'Shift' });
    await press('Tab');
    if (back) await sendKeys({ up: 'Shift' });
    const now = active();
    if (now) {
      visited.push(now);
      // The terminal's own textarea is hidden by design (its cursor is the caret); a focused <main> is the skip link's target.
      if (!now.matches('textarea.xterm-helper-textarea, main, body') && !(await showsFocus(now)))
        ringless.push(describeEl(now));
    }
    if (now && matches(now)) return now;
    still = now === last ? still + 1 : 0;
    if (still >= 3) throw new Error(`focus trapped at ${describeEl(now)} looking for ${what}`);
    last = now;
  }
  throw new Error(
    `${what} not reached in ${max} Tab presses (last: ${describeEl(active())}; path: ${visited.slice(-12).map(describeEl).join(' ')})`,
  );
}

const inField = (field: string) => (element: Element) => Boolean(host(element)?.closest(`[data-field="${field}"]`));

async function go(path: string, ready: string) {
  frame.contentWindow!.location.hash = `#${path}`;
  return waitFor(() => find(ready), 15_000, `${ready} at ${path}`).catch((error: Error) => {
    const shown = (find('main') ?? find('body'))?.textContent?.replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`${error.message} (at ${frame.contentWindow!.location.href}: ${shown})`);
  });
}

describe('keyboard only: sign in, a user created, found, opened, a dialog, a replay', function () {
  this.timeout(120_000);
  const username = `kb${Date.now().toString(36)}`;
  let sessionId = '';

  before(async function () {
    if ((await fetch('/ui/')).status === 503) this.skip(); // no build: `npm test` builds before the browser suite
    await setViewport({ width: 1400, height: 900 });
    await loginAs('admin');
    // A sample session of the seeded data: a browser test cannot record one (the door signs sessions in).
    const sessions = await api<{ results: { id: string; can_replay: boolean }[] }>(
      'GET',
      '/api/v1/terminal/sessions/?is_finished=1&limit=20&offset=0',
    );
    sessionId = sessions.data.results.find((row) => row.can_replay)!.id;
    await logout();
    clearCookies(); // a role or org another test chose (the user page would open instead of the admin's)
  });
  after(async () => {
    frame?.remove();
    await loginAs('admin');
    const found = await api<{ id: string }[]>('GET', `/api/v1/users/users/?username=${username}`);
    for (const user of found.data) await api('DELETE', `/api/v1/users/users/${user.id}/`);
  });

  it('gets through the console without a mouse', async () => {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width:1400px;height:850px;border:0';
    document.body.append(frame);
    frame.src = '/ui/#/login';
    await waitFor(() => doc()?.body && find('.login form[data-ready]'), 15_000, 'the login form');
    frame.focus(); // the user's first click into the window

    // Sign in: the fields and the button in Tab order, Enter submits.
    await tabTo(inField('username'), 'the username field');
    await type('admin');
    await tabTo(inField('password'), 'the password field');
    await type('bastion');
    const captcha = find('[data-field="captcha"] img')?.getAttribute('src');
    if (captcha) {
      await tabTo(inField('captcha'), 'the captcha field');
      await type(await captchaAnswer(/\/image\/([^/]+)\//.exec(captcha)![1]));
    }
    await press('Enter');
    await waitFor(() => doc()?.body && find('nav.sidebar'), 15_000, 'the console after signing in');

    // The first Tab stop is the skip link; Enter puts focus on the main content.
    frame.focus();
    const skip = await tabTo(() => true, 'any control');
    expect(skip.className).to.equal('skip-link');
    await press('Enter');
    expect(active()?.tagName).to.equal('MAIN');

    // Create a user: the list's Create button, the three fields, the submit button.
    await go('/users/users/', '.list-page tbody tr[data-id]');
    await tabTo((el) => el.matches('button.create'), 'the create button');
    await press('Enter');
    await waitFor(() => find('.form-page [data-field="name"] sl-input'), 8000, 'the user form');
    await tabTo(inField('name'), 'the name field');
    await type(`Keyboard ${username}`);
    await tabTo(inField('username'), 'the username field');
    await type(username);
    await tabTo(inField('email'), 'the email field');
    await type(`${username}@example.com`);
    await tabTo((el) => Boolean(host(el)?.matches('sl-button.submit')), 'the submit button');
    await press('Enter');
    await waitFor(
      async () => (await api<{ id: string }[]>('GET', `/api/v1/users/users/?username=${username}`)).data.length === 1,
      8000,
      'the user created',
    );

    // Find it with the search box, which shows its focus, and open its row.
    await go('/users/users/', '.list-page .search-input');
    const search = await tabTo((el) => el.matches('input.search-input'), 'the search box');
    expect(getComputedStyle(search.closest('.search-bar')!).boxShadow, 'the search bar shows focus').to.not.equal(
      'none',
    );
    await type(username);
    await press('Enter');
    await waitFor(() => doc().defaultView!.location.hash.includes(username), 5000, 'the search applied');
    const refresh = await tabTo((el) => el.matches('button.refresh'), "the list's refresh");
    expect(await showsFocus(refresh), 'Refresh shows its focus').to.equal(true);
    await waitFor(
      () => find('.list-page tbody tr[data-id] a.detail-link')?.textContent?.includes(username),
      8000,
      'the one row',
    );
    await tabTo((el) => el.matches('tbody tr[data-id] a.detail-link'), "the row's link");
    await press('Enter');
    await waitFor(() => find('.detail-page sl-button.delete'), 8000, "the user's detail page");

    // The tabs are one Tab stop; the arrows move along them and show each.
    const firstTab = await tabTo((el) => el.matches('[role="tab"]'), 'the tab list');
    expect(firstTab.getAttribute('aria-selected')).to.equal('true');
    await press('ArrowRight');
    await waitFor(
      () => active() !== firstTab && active()?.getAttribute('aria-selected') === 'true',
      3000,
      'the next tab chosen and focused',
    );
    const panel = find(`#${CSS.escape(active()!.getAttribute('aria-controls')!)}`);
    expect(panel?.getAttribute('role')).to.equal('tabpanel');
    await press('ArrowLeft');
    await waitFor(() => active() === firstTab, 3000, 'back to the first tab');

    // A dialog: focus moves into it, Escape closes it (nothing deleted), focus comes back.
    const opener = await tabTo((el) => Boolean(host(el)?.matches('sl-button.delete')), 'the delete button');
    await press('Enter');
    await waitFor(() => within(active(), 'sl-dialog.confirm-dialog'), 3000, 'focus in the dialog');
    await press('Escape');
    await waitFor(() => !find('sl-dialog.confirm-dialog[open]'), 3000, 'the dialog closed');
    await waitFor(() => active() === opener, 2000, 'focus back on the delete button');
    expect((await api<unknown[]>('GET', `/api/v1/users/users/?username=${username}`)).data).to.have.length(1);

    // The tabs bar is in the Tab order, and before it the top bar: "Toggle sidebar" shows its ring too.
    await tabTo((el) => el.matches('a.tag-link'), 'a tab of the tabs bar', { back: true });
    const hamburger = await tabTo((el) => el.matches('button.hamburger'), 'the sidebar toggle', { back: true });
    expect(await showsFocus(hamburger), 'the sidebar toggle shows its focus').to.equal(true);

    // A replay: it opens playing; pause and play with Enter, seek with the arrows, jump to a command, and Tab out.
    await go(`/terminal/sessions/${sessionId}`, '.replay-player[data-state="ready"]');
    const player = find('.replay-player') as HTMLElement;
    const position = () => Number(player.dataset.position);
    await waitFor(() => player.dataset.playing === 'true', 5000, 'playing at once');
    visited.length = 0;
    await tabTo((el) => el.matches('button.replay-toggle'), 'the pause button');
    await press('Enter');
    await waitFor(() => player.dataset.playing === 'false', 2000, 'paused');
    await press('Enter');
    await waitFor(() => player.dataset.playing === 'true', 2000, 'playing again');
    await press('Enter');
    await waitFor(() => player.dataset.playing === 'false', 2000, 'paused again');
    const before = position();
    await press('ArrowRight');
    await waitFor(() => Math.abs(position() - (before + 5)) < 0.01, 3000, 'five seconds on');
    const third = player.querySelectorAll('.replay-commands li')[2];
    const [minutes, seconds] = (third.querySelector('.command-time')?.textContent ?? '0:0').split(':').map(Number);
    await tabTo((el) => el.matches('.replay-commands li button') && el.closest('li') === third, 'the third command');
    await press('Enter');
    // The seeded sample's recording is shorter than its session: a command past its end jumps to the end.
    const [, total = '0:0'] = (player.querySelector('.replay-time')?.textContent ?? '')
      .split('/')
      .map((part) => part.trim());
    const [endMinutes, endSeconds] = total.split(':').map(Number);
    const target = Math.min(minutes * 60 + seconds, endMinutes * 60 + endSeconds);
    await waitFor(() => Math.abs(position() - target) < 1.5, 3000, `the jump to the third command (${target} s)`);
    await tabTo((el) => !within(el, '.replay-player'), 'a control after the player');
    expect(
      visited.filter((el) => el.tagName === 'TEXTAREA').map(describeEl),
      "never in the terminal's textarea",
    ).to.deep.equal([]);
    expect([...new Set(ringless)], 'controls reached by Tab without a focus ring').to.deep.equal([]);
  });
});

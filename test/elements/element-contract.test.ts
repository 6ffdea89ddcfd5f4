// The committed custom-elements.json against the elements as a host meets them on the reference
// server: every attribute observed and every property and method there, every documented ::part
// stylable from the host page and every slot taking the host's content; the replay's play(), pause()
// and seek(seconds | command id), one replay-error per session, one duration per recording; the dark
// theme from prefers-color-scheme; the host's font and line height kept out.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import manifest from '../../custom-elements.json';
import '../../src/elements/bastion-asset-list.ts';
import '../../src/elements/bastion-file-manager.ts';
import '../../src/elements/bastion-session-replay.ts';
import '../../src/elements/bastion-web-terminal.ts';
import { setApiBase } from '../../src/core/http.ts';
import { $currentOrg, $orgs } from '../../src/core/stores/org.ts';
import { $profile } from '../../src/core/stores/session.ts';
import { deepQuery, waitFor } from '../helpers/dom.ts';
import { loginAs } from '../helpers/server.ts';
import { recordSession, type RecordedSession } from '../pages/terminal/replay/replay-fixture.ts';
import { mountConsole, resetConsole } from './support/console-fixture.ts';

interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  members?: { kind: string; name: string }[];
  slots?: { name: string }[];
  cssParts?: { name: string }[];
}

const declarations = (manifest.modules as { declarations: Declaration[] }[])
  .flatMap((module) => module.declarations)
  .filter((d) => d.customElement);
const declared = (tag: string) => declarations.find((d) => d.tagName === tag)!;

type Replay = HTMLElement & { play(): Promise<void>; pause(): Promise<void>; seek(to: number | string): Promise<void> };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const position = (el: HTMLElement) => Number(deepQuery<HTMLElement>(el, '.replay-player')?.dataset.position ?? NaN);

function mount<E extends HTMLElement = HTMLElement>(
  tag: string,
  attributes: Record<string, string> = {},
  inner = '',
): E {
  const element = document.createElement(tag) as E;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.innerHTML = inner;
  document.body.append(element);
  return element;
}

function nextEvent(el: HTMLElement, type: string, timeout = 15_000): Promise<CustomEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeout} ms`)), timeout);
    el.addEventListener(
      type,
      (event) => {
        clearTimeout(timer);
        resolve(event as CustomEvent);
      },
      { once: true },
    );
  });
}

/** Styles each documented part from the host page and checks the style lands (parts in nested roots would not). */
async function expectPartsAndSlots(el: HTMLElement, tag: string, slotted: Record<string, string>) {
  const { cssParts = [], slots = [] } = declared(tag);
  const sheet = document.createElement('style');
  sheet.textContent = cssParts.map((part) => `${tag}::part(${part.name}){outline:3px solid rgb(1, 2, 3)}`).join('\n');
  document.head.append(sheet);
  try {
    for (const { name } of cssParts) {
      const part = await waitFor(
        () => el.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`),
        8000,
        `::part(${name}) of ${tag}`,
      );
      expect(getComputedStyle(part).outlineColor, `::part(${name})`).to.equal('rgb(1, 2, 3)');
    }
  } finally {
    sheet.remove();
  }
  for (const { name } of slots) {
    const slot = el.shadowRoot?.querySelector<HTMLSlotElement>(`slot[name="${name}"]`);
    expect(slot, `slot ${name} of ${tag}`).to.not.equal(null);
    if (slotted[name]) expect(slot!.assignedElements().map((node) => node.textContent)).to.deep.equal([slotted[name]]);
  }
}

describe('the element contract (custom-elements.json) against the elements', () => {
  let session: RecordedSession;
  const mounted: HTMLElement[] = [];

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
  afterEach(async () => {
    for (const el of mounted.splice(0)) el.remove();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('lists the five elements, and each observes its attributes and has its properties and methods', async () => {
    expect(declarations.map((d) => d.tagName).sort()).to.deep.equal([
      'bastion-asset-list',
      'bastion-console',
      'bastion-file-manager',
      'bastion-session-replay',
      'bastion-web-terminal',
    ]);
    for (const declaration of declarations) {
      const tag = declaration.tagName!;
      const element = customElements.get(tag) as CustomElementConstructor & { observedAttributes: string[] };
      expect(element, tag).to.not.equal(undefined);
      expect(element.observedAttributes, tag).to.include.members(declaration.attributes!.map((a) => a.name));
      for (const member of declaration.members ?? []) {
        expect(member.name in element.prototype, `${tag}.${member.name}`).to.equal(true);
        if (member.kind === 'method')
          expect(typeof element.prototype[member.name], `${tag}.${member.name}()`).to.equal('function');
      }
    }
  });

  it('<bastion-asset-list>: every part stylable from the host page, its slots filled by the host', async () => {
    const el = mount(
      'bastion-asset-list',
      {},
      '<button slot="toolbar">Export</button><span slot="empty">Nothing here</span>',
    );
    mounted.push(el);
    await expectPartsAndSlots(el, 'bastion-asset-list', { toolbar: 'Export' });
  });

  it('<bastion-session-replay>: its parts and the controls slot', async () => {
    const el = mount('bastion-session-replay', { session: session.id }, '<button slot="controls">Share</button>');
    mounted.push(el);
    await nextEvent(el, 'bastion-replay-ready');
    await expectPartsAndSlots(el, 'bastion-session-replay', { controls: 'Share' });
  });

  it('<bastion-session-replay>: play(), pause() and seek() to seconds or to a command; an unknown command is refused', async () => {
    const el = mount<Replay>('bastion-session-replay', { session: session.id, speed: '4' });
    mounted.push(el);
    const seeked = el.seek(30); // called before the recording opened: it waits
    await nextEvent(el, 'bastion-replay-ready');
    await seeked;
    expect(position(el)).to.equal(30);
    await el.play();
    await waitFor(() => position(el) > 31, 5000, 'playing on');
    await el.pause();
    const paused = position(el);
    await sleep(400);
    expect(position(el)).to.equal(paused);
    const third = session.commands[2];
    await el.seek(third.id);
    expect(position(el)).to.equal(third.offset);
    expect(deepQuery(el, '.replay-commands li[aria-current="true"] .command-input')?.textContent).to.equal(third.input);
    let refused: unknown;
    await el.seek('no-such-command').catch((error: unknown) => {
      refused = error;
    });
    expect(refused).to.be.instanceOf(RangeError);
    expect(position(el)).to.equal(third.offset);
  });

  it("<bastion-session-replay>: the same duration on every load, the server's length of the session", async () => {
    const durations: unknown[] = [];
    for (let load = 0; load < 3; load += 1) {
      const el = mount('bastion-session-replay', { session: session.id });
      mounted.push(el);
      durations.push((await nextEvent(el, 'bastion-replay-ready')).detail.duration);
      el.remove();
    }
    expect(durations).to.deep.equal([session.duration, session.duration, session.duration]);
  });

  it('<bastion-session-replay>: replay-error fires once per session (and once under its old name)', async () => {
    const el = mount('bastion-session-replay', { session: crypto.randomUUID() });
    mounted.push(el);
    const seen: string[] = [];
    for (const type of ['bastion-replay-error', 'replay-error']) el.addEventListener(type, () => seen.push(type));
    await waitFor(() => seen.length > 0, 10_000, 'the error');
    await sleep(1500);
    expect(seen).to.deep.equal(['bastion-replay-error', 'replay-error']);
  });

  it('goes dark with the system preference unless theme="light", in its own font and line height', async () => {
    const host = document.createElement('div');
    host.style.cssText = 'font-family: "Times New Roman", serif; line-height: 3; letter-spacing: 4px';
    document.body.append(host);
    mounted.push(host);
    const el = document.createElement('bastion-asset-list');
    host.append(el);
    const header = await waitFor(() => deepQuery<HTMLElement>(el, 'th[data-prop="hostname"]'), 8000, 'the table');
    expect(getComputedStyle(header).backgroundColor).to.equal('rgb(245, 247, 250)');
    await emulateMedia({ colorScheme: 'dark' });
    await waitFor(() => getComputedStyle(header).backgroundColor === 'rgb(39, 44, 50)', 2000, 'the dark header');
    el.setAttribute('theme', 'light');
    await waitFor(() => getComputedStyle(header).backgroundColor === 'rgb(245, 247, 250)', 2000, 'light again');
    const style = getComputedStyle(header);
    expect(style.fontFamily).to.match(/^-apple-system/);
    expect(style.letterSpacing).to.equal('normal');
    expect(parseFloat(style.lineHeight) / parseFloat(style.fontSize)).to.be.closeTo(1.5, 0.01);
  });

  it('<bastion-console>: its parts on a list page and the navbar slot', async () => {
    const view = await mountConsole('/', { router: 'memory', path: '/users/users/' });
    try {
      view.el.innerHTML = '<a slot="navbar" href="#help">Portal help</a>';
      await waitFor(() => view.find('tbody tr[data-id]'), 10_000, 'the users');
      await expectPartsAndSlots(view.el, 'bastion-console', { navbar: 'Portal help' });
    } finally {
      await resetConsole();
      await loginAs('admin');
    }
  });
});

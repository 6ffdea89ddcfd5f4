// Walking the built console as a newcomer does: the standalone page the reference server serves (its
// bundle, its chunks, its Content-Security-Policy), in an iframe, signed in as a role, in a language,
// with the sidebar open or collapsed; every page the menu leads to, and from each list its first row's
// page and its create form. The accessibility and newcomer suites walk with it.
import { setViewport } from '@web/test-runner-commands';
import { waitFor } from '../../helpers/dom.ts';
import { api, clearCookies, loginAs, logout } from '../../helpers/server.ts';

export type Lang = 'zh' | 'en';

export interface WalkOptions {
  lang: Lang;
  collapsed?: boolean;
  width?: number;
  height?: number;
}

export interface Walk {
  frame: HTMLIFrameElement;
  win(): Window;
  doc(): Document;
  /** The first match anywhere in the frame, shadow roots included. */
  find<E extends Element = Element>(selector: string): E | null;
  findAll<E extends Element = Element>(selector: string): E[];
  /** Shows a console path (hash navigation, as a link does) and waits until the page has settled. */
  go(path: string): Promise<void>;
  close(): void;
}

function deepAll<E extends Element>(root: ParentNode, selector: string, found: E[] = []): E[] {
  found.push(...root.querySelectorAll<E>(selector));
  for (const element of root.querySelectorAll('*'))
    if (element.shadowRoot) deepAll(element.shadowRoot, selector, found);
  return found;
}

const LOADING =
  '.spinner, sl-spinner, .tree-loading, .files-loading, .replay-player[data-state="loading"], .console-loading';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The console has drawn a page and stopped changing: nothing loading, the main's text unchanged for 300 ms. */
async function settled(walk: Walk, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = '';
  let still = 0;
  await sleep(250);
  while (Date.now() < deadline) {
    const main = walk.find('main') ?? walk.find('.login, .not-found, .task-log-page');
    const text = main?.textContent ?? '';
    const loading = walk.findAll(LOADING).some((node) => (node as HTMLElement).checkVisibility?.() ?? true);
    still = text && !loading && text === last ? still + 1 : 0;
    if (still >= 2) return;
    last = text;
    await sleep(150);
  }
}

/** Sets the console's language (its stored choice and the cookie the server's pages follow) and its sidebar. */
export function preferences({ lang, collapsed = false }: WalkOptions): void {
  localStorage.setItem('lang', lang);
  document.cookie = `django_language=${lang === 'en' ? 'en' : 'zh-hans'}; path=/`;
  document.cookie = `sidebarStatus=${collapsed ? '0' : '1'}; path=/`;
}

/** Puts the console's preferences back as a fresh browser has them (Chinese, sidebar open). */
export function forgetPreferences(): void {
  localStorage.removeItem('lang');
  document.cookie = 'django_language=zh-hans; path=/';
  document.cookie = 'sidebarStatus=1; path=/';
}

/** Signs in as `role` (nothing of another role's choices left) and opens `path` in a console frame. */
export async function openConsole(role: string | null, path: string, options: WalkOptions): Promise<Walk> {
  await logout();
  clearCookies();
  if (role) await loginAs(role);
  preferences(options);
  const width = options.width ?? 1400;
  const height = options.height ?? 900;
  await setViewport({ width, height });
  const frame = document.createElement('iframe');
  frame.style.cssText = `width:${width}px;height:${height}px;border:0`;
  document.body.append(frame);
  frame.src =
    path.startsWith('/') &&
    !path.startsWith('/ui/') &&
    !path.startsWith('/luna') &&
    !path.startsWith('/koko') &&
    !path.startsWith('/embed')
      ? `/ui/#${path}`
      : path;
  const walk: Walk = {
    frame,
    win: () => frame.contentWindow!,
    doc: () => frame.contentDocument!,
    find: <E extends Element>(selector: string) =>
      frame.contentDocument ? (deepAll<E>(frame.contentDocument, selector)[0] ?? null) : null,
    findAll: <E extends Element>(selector: string) =>
      frame.contentDocument ? deepAll<E>(frame.contentDocument, selector) : [],
    go: async (to: string) => {
      frame.contentWindow!.location.hash = `#${to}`;
      await settled(walk);
    },
    close: () => frame.remove(),
  };
  await waitFor(
    () =>
      frame.contentDocument?.body &&
      walk.find('main, .login, .not-found, .webterm, .files, .task-log-page, bastion-asset-list tbody'),
    20_000,
    `${path} drawn`,
  );
  await settled(walk);
  return walk;
}

/** The console paths the menu leads to (each group opened in turn: one is open at a time) and its external links. */
export async function menuPaths(walk: Walk): Promise<{ inside: string[]; outside: string[] }> {
  const hrefs = new Set<string>();
  const collect = () =>
    walk.findAll<HTMLAnchorElement>('nav.sidebar a[href]').forEach((a) => hrefs.add(a.getAttribute('href')!));
  collect();
  const groups = walk.findAll<HTMLButtonElement>('nav.sidebar li.group > button');
  for (const group of groups) {
    if (group.getAttribute('aria-expanded') !== 'true') group.click();
    await sleep(60);
    collect();
  }
  const inside = [...hrefs].filter((href) => href.startsWith('#/')).map((href) => href.slice(1));
  const outside = [...hrefs]
    .filter((href) => !href.startsWith('#/'))
    .map((href) => new URL(href, location.href).pathname);
  return { inside, outside };
}

/** On a list page: its first row's own page and its create form, when it has them. */
export function pagesFromList(walk: Walk): string[] {
  const found: string[] = [];
  const link = walk.find<HTMLAnchorElement>('.list-page tbody tr[data-id] a.detail-link[href^="#/"]');
  if (link) found.push(link.getAttribute('href')!.slice(1));
  if (walk.find('.list-page button.create')) {
    const path = walk.win().location.hash.slice(1).split('?')[0].replace(/\/$/, '');
    found.push(`${path}/create`);
  }
  return found;
}

/** Every page a role reaches from the menu: the menu's own, then each list's first row page and create form. */
export async function everyPage(
  walk: Walk,
  visit: (path: string) => Promise<void>,
): Promise<{ pages: string[]; outside: string[] }> {
  const { inside, outside } = await menuPaths(walk);
  const pages: string[] = [];
  for (const path of inside) {
    await walk.go(path);
    pages.push(path);
    await visit(path);
    for (const more of pagesFromList(walk)) {
      if (pages.includes(more)) continue;
      await walk.go(more);
      pages.push(more);
      await visit(more);
    }
  }
  return { pages, outside };
}

/** The enterprise licence on or off (as a super admin): on, the menu has Tickets and remote apps too. */
export async function setLicence(valid: boolean): Promise<void> {
  await loginAs('admin');
  const answer = await api('PATCH', '/api/v1/settings/setting/', { license: { XPACK_LICENSE_IS_VALID: valid } });
  if (answer.status !== 200) throw new Error(`licence ${valid}: ${answer.status}`);
}

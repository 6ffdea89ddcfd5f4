// Mounts the real <bastion-console> against the reference server and records every full-page
// navigation and reload instead of performing it (the test page must stay put).
import { setViewport } from '@web/test-runner-commands';
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import '../../../src/elements/bastion-console.ts';
import { $restart, signedIn } from '../../../src/core/embedding.ts';
import { stopSessionRefresh } from '../../../src/core/http.ts';
import { setHardNavigator, setReloader } from '../../../src/core/navigation.ts';
import { $routes } from '../../../src/core/routes.ts';
import { $device, $sidebar } from '../../../src/core/stores/app.ts';
import { $lang } from '../../../src/core/stores/locale.ts';
import { resetNotify } from '../../../src/core/stores/notify.ts';
import { resetSession } from '../../../src/core/stores/session.ts';
import { $publicSettings } from '../../../src/core/stores/settings.ts';
import { $visitedViews } from '../../../src/core/stores/tags.ts';
import { deepQuery, deepQueryAll, text, waitFor } from '../../helpers/dom.ts';
import { clearCookies, logout } from '../../helpers/server.ts';

export interface Leave {
  kind: 'navigate' | 'reload';
  url?: string;
}

export interface MountedConsole {
  el: HTMLElement;
  leaves: Leave[];
  /** Text of the first element matching `selector` anywhere inside the console. */
  textOf(selector: string): string;
  find<E extends Element = Element>(selector: string): E | null;
  findAll<E extends Element = Element>(selector: string): E[];
  waitForText(selector: string, expected: string | RegExp, timeout?: number): Promise<Element>;
}

let mounted: HTMLElement | null = null;

// Unbundled test pages have no dist/shoelace/ beside them; the dev server serves node_modules.
setBasePath('/node_modules/@shoelace-style/shoelace/dist/');

export function setHash(path: string): void {
  history.replaceState(null, '', `${location.pathname}${location.search}#${path}`);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export const DESKTOP = { width: 1280, height: 800 };

/**
 * Mounts the console as the page it is on /ui/ (`router="hash"`: the route in the hash, navigation
 * recorded in `leaves`) unless `attributes` say otherwise (`router: 'memory'` for an embedded one).
 */
export async function mountConsole(path = '/', attributes: Record<string, string> = {}): Promise<MountedConsole> {
  // Headless Chromium opens 800 px wide, which is the mobile layout (< 992 px).
  await setViewport(DESKTOP);
  const leaves: Leave[] = [];
  setHardNavigator((url) => leaves.push({ kind: 'navigate', url }));
  setReloader((url) => leaves.push({ kind: 'reload', url }));
  setHash(path);
  const el = document.createElement('bastion-console');
  for (const [name, value] of Object.entries({ router: 'hash', ...attributes })) el.setAttribute(name, value);
  document.body.append(el);
  mounted = el;
  const find = <E extends Element = Element>(selector: string) => deepQuery<E>(el, selector);
  return {
    el,
    leaves,
    find,
    findAll: (selector) => deepQueryAll(el, selector),
    textOf: (selector) => text(find(selector)),
    waitForText: (selector, expected, timeout = 5000) =>
      waitFor(
        () => {
          const found = deepQueryAll(el, selector).find((node) =>
            typeof expected === 'string' ? text(node).includes(expected) : expected.test(text(node)),
          );
          return found ?? null;
        },
        timeout,
        `${selector} showing ${String(expected)}`,
      ),
  };
}

/** Unmounts and puts every store, cookie and navigation hook back to a fresh page's state. */
export async function resetConsole(): Promise<void> {
  mounted?.remove();
  mounted = null;
  stopSessionRefresh();
  resetNotify();
  resetSession();
  $routes.set([]);
  $visitedViews.set([]);
  $publicSettings.set({});
  $device.set('desktop');
  $sidebar.set({ opened: true, withoutAnimation: false });
  $lang.set('zh');
  signedIn();
  $restart.set(null);
  localStorage.removeItem('lang');
  await logout();
  clearCookies();
  setHardNavigator(null);
  setReloader(null);
  history.replaceState(null, '', `${location.pathname}${location.search}`);
}

/** Waits until the guard has finished and the shell shows its menu. */
export async function waitForShell(view: MountedConsole): Promise<void> {
  await waitFor(() => view.find('nav.sidebar'), 8000, 'the shell');
}

/** Lets React render what a test just typed (a user never clicks in the same task as typing). */
export const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types into a Shoelace input the way its own input handler reports it. */
export async function typeInto(input: Element | null, value: string): Promise<void> {
  if (!input) throw new Error('typeInto: no input');
  (input as HTMLInputElement).value = value;
  input.dispatchEvent(new Event('sl-input', { bubbles: true, composed: true }));
  await settle();
}

// Mounting engine pages the way the console does (inside a shadow root) and driving them like a user.
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { $confirmRequest, $toasts, resetNotify, resolveConfirm } from '../../../src/core/stores/notify.ts';
import { deepQuery, deepQueryAll, waitFor } from '../../helpers/dom.ts';
import { json, stubFetch, type FetchStub, type SentRequest } from '../support/fetch-stub.ts';

export { json };

export interface Mounted {
  root: ShadowRoot;
  unmount: () => void;
}

export function mount(element: ReactElement): Mounted {
  return mountIn(document.createElement('div'), element);
}

/** `mount` into a given host element (a test may watch its shadow root). */
export function mountIn(host: HTMLElement, element: ReactElement): Mounted {
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const root = createRoot(shadow);
  root.render(element);
  return {
    root: shadow,
    unmount: () => {
      root.unmount();
      host.remove();
    },
  };
}

/** Sets the console address (hash path + query) without reloading. */
export function setAddress(path: string): void {
  history.replaceState(null, '', `${location.pathname}${location.search}#${path}`);
}

export function resetAddress(): void {
  history.replaceState(null, '', `${location.pathname}${location.search}`);
}

export type Route = (request: SentRequest, url: URL) => Response | undefined;

/** A fetch stub answering by `METHOD /path`; unmatched calls answer 404. */
export function serve(routes: Record<string, Route | unknown>): FetchStub {
  return stubFetch((request) => {
    const url = new URL(request.url, location.origin);
    const route = routes[`${request.method.toUpperCase()} ${url.pathname}`];
    if (typeof route === 'function') return (route as Route)(request, url) ?? json(404, { detail: 'Not found.' });
    if (route !== undefined) return json(200, route);
    return json(404, { detail: 'Not found.' });
  });
}

export const params = (request: SentRequest) => Object.fromEntries(new URL(request.url, location.origin).searchParams);
export const bodyOf = (request: SentRequest) => JSON.parse(String(request.body));

export function find<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const found = deepQuery<E>(root, selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

export const findAll = deepQueryAll;

// Generous: on a busy machine (CI with both cores taken) a stubbed answer and React's render can take seconds;
// a wait that is met returns at once, so only a real failure waits this long.
export function waitForEl<E extends Element = HTMLElement>(
  root: ParentNode,
  selector: string,
  timeout = 10_000,
): Promise<E> {
  return waitFor(() => deepQuery<E>(root, selector), timeout, selector);
}

/** Types into a React-controlled input: the native setter, then the event React listens to. */
export function typeInto(input: HTMLInputElement | HTMLSelectElement, value: string, event = 'input'): void {
  const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event(event, { bubbles: true }));
}

export const choose = (select: HTMLSelectElement, value: string) => typeInto(select, value, 'change');

/** Sets a Shoelace control's value and fires its events, as a user typing then leaving would. */
export function slType(el: Element, value: string, events = ['sl-input']): void {
  (el as unknown as { value: string }).value = value;
  for (const name of events) el.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true }));
}

/** Waits for the confirm dialog, returns its message and answers it. */
export async function answerConfirm(ok: boolean): Promise<string> {
  const request = await waitFor(() => $confirmRequest.get(), 3000, 'a confirm dialog');
  resolveConfirm(ok);
  return request.message;
}

export const toasts = () => $toasts.get().map((toast) => `${toast.type}: ${toast.message}`);

export function cleanup(stub?: FetchStub, view?: Mounted): void {
  view?.unmount();
  stub?.restore();
  resetNotify();
  resetAddress();
}

/** Lets React commit what the last events changed (custom-element events render on the next task). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

export { waitFor };

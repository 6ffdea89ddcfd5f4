// What the package test reads off a portal tab: errors in its console (and uncaught ones), the requests
// it made, and values found through the elements' shadow roots.
import type { Page } from 'puppeteer-core';

export interface PageLog {
  errors: string[];
  requests: string[];
}

/** Records `page`'s console errors, page errors, failed requests and every request URL into `log`. */
export function watchPage(page: Page, log: PageLog = { errors: [], requests: [] }): PageLog {
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => log.errors.push(`page: ${error instanceof Error ? error.message : String(error)}`));
  page.on('requestfailed', (request) => {
    // A navigation the test ends itself (the popup closing) is no failure of the page's.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      log.errors.push(`request: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('request', (request) => log.requests.push(request.url()));
  // Chromium's console says "Failed to load resource" without the address: the address goes beside it.
  page.on('response', (response) => {
    if (response.status() >= 400) log.errors.push(`response: ${response.status()} ${response.url()}`);
  });
  return log;
}

export interface Helpers {
  deep(selector: string): Element | null;
  deepAll(selector: string): Element[];
  text(element: Element | null | undefined): string;
}

// Selectors whose parts may cross shadow roots: `a b` looks for `b` inside `a`'s shadow root and its subtree.
const HELPERS = `(() => {
  const within = (scopes, part) => scopes.flatMap((scope) => {
    const found = [...scope.querySelectorAll(part)];
    const shadows = [...scope.querySelectorAll('*')].filter((el) => el.shadowRoot).map((el) => el.shadowRoot);
    return [...found, ...(shadows.length ? within(shadows, part) : [])];
  });
  const deepAll = (selector) => {
    let scopes = [document];
    const parts = selector.split(' ');
    parts.forEach((part, i) => {
      const found = within(scopes, part);
      scopes = i === parts.length - 1 ? found : found.map((el) => el.shadowRoot ?? el);
    });
    return [...new Set(scopes)];
  };
  return { deepAll, deep: (selector) => deepAll(selector)[0] ?? null, text: (el) => (el?.textContent ?? '').trim() };
})()`;

/** Polls `fn` in the page until it returns something truthy. */
export async function inPage<R>(
  page: Page,
  timeoutMs: number,
  fn: (h: Helpers) => R | null | undefined | false,
): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = (await page.evaluate(`(${fn.toString()})(${HELPERS})`).catch(() => null)) as R | null;
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not found within ${timeoutMs} ms: ${fn.toString().slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

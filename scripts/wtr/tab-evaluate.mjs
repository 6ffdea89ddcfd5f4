// Running a test's function in a puppeteer tab that a wtr fixture drives (nginx, portal): the function
// is sent as text and gets `h`, a few helpers that look through shadow roots.
export const HELPERS = `{
  deepAll(selector, root = document) {
    const found = [...root.querySelectorAll(selector)];
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot) found.push(...this.deepAll(selector, host.shadowRoot));
    return found;
  },
  deep(selector, root = document) { return this.deepAll(selector, root)[0] ?? null; },
  text(el) { return (el?.textContent ?? '').replace(/\\s+/g, ' ').trim(); },
}`;

/** A navigation of the tab replaced the page the function was to run in. */
const NAVIGATED = /Execution context was destroyed|Cannot find context with specified id|Target closed|detached Frame/i;

/** `fn(h, ...args)` in `page`; with `poll`, a navigation under way answers null ("not yet") instead of failing. */
export async function evaluateIn(page, { fn, args = [], poll = false }) {
  try {
    return await page.evaluate(`(async () => (${fn})(${HELPERS}, ...${JSON.stringify(args)}))()`);
  } catch (error) {
    if (poll && NAVIGATED.test(String(error?.message))) return null;
    throw error;
  }
}

// Headless Debian Chromium through puppeteer-core, and the steps every page-load section shares.
import puppeteer from 'puppeteer-core';
import { loginFormFields } from '../lib/form-login.mjs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 opens a hidden omnibox popup WebUI in every browser context whose caret animation
  // keeps one of the machine's two cores busy for as long as the context lives (measured in a trace:
  // its renderer ran 250 ms of every 250 ms during a cold load), so each cold load competed with it.
  '--disable-features=WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,WebUIOmniboxPopup',
];
export const ROW_TIMEOUT_MS = 20_000;

/** A page of `target` (the browser or one of its contexts) at the size every section measures. */
export async function openPage(target) {
  const page = await target.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  return page;
}

export async function launchChromium() {
  const browser = await puppeteer.launch({ executablePath: CHROME, args: CHROME_ARGS, headless: true });
  return { browser, page: await openPage(browser) };
}

/**
 * Signs in as the browser would: the login form (csrftoken cookie, RSA public key), then its post with
 * the password encrypted as the form's script does (scripts/lib/form-login.mjs). The bench server is
 * fresh, so no failed login has made it ask for a captcha.
 */
export async function login(page, base, password) {
  await page.goto(`${base}/core/auth/login/`);
  const cookies = await page.cookies();
  const csrf = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const fields = await loginFormFields(await page.content(), { csrf, username: 'admin', password, next: '/ui/' });
  const landed = await page.evaluate(async (form) => {
    const response = await fetch('/core/auth/login/', { method: 'POST', body: new URLSearchParams(form) });
    return new URL(response.url).pathname;
  }, fields);
  if (landed === '/core/auth/login/') throw new Error('bench login refused');
}

/**
 * Time from starting the navigation to `url` until `selector` matches somewhere in the page, shadow
 * roots included (the elements render inside nested shadow DOM): `total` as measured here (what the
 * budgets mean), `inPage` on the page's own clock (0 = its navigation start, as in its resource timings).
 */
export async function timeToSelector(page, url, selector) {
  await page.goto('about:blank');
  const started = performance.now();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const found = await page
    .waitForFunction(
      (sel) => {
        const find = (root) =>
          root.querySelector(sel) ??
          [...root.querySelectorAll('*')]
            .filter((el) => el.shadowRoot)
            .map((el) => find(el.shadowRoot))
            .find(Boolean);
        return find(document) ? performance.now() : 0;
      },
      { polling: 'raf', timeout: ROW_TIMEOUT_MS },
      selector,
    )
    .catch((error) => {
      throw new Error(`${url}: no ${selector} after ${ROW_TIMEOUT_MS} ms (${error.message})`);
    });
  const total = performance.now() - started;
  return { total, inPage: await found.jsonValue() };
}

/** How many cold loads each first-row section takes: one sample varies by ±100 ms on a small VM. */
export const COLD_RUNS = 5;

/**
 * Cold loads of `url`, each in a fresh browser context (empty cache, no cookies): sign in, then time
 * the navigation to `selector`. Returns the `total` of each, in milliseconds.
 */
export async function coldLoads(browser, { base, password, url, selector, runs = COLD_RUNS }) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.createBrowserContext();
    try {
      const page = await openPage(context);
      await login(page, base, password);
      times.push((await timeToSelector(page, url, selector)).total);
    } finally {
      await context.close();
    }
  }
  return times;
}

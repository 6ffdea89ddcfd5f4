// The cross-origin portal test (test/elements/portal-cross-origin.test.ts) needs two sites: a bastion of
// its own (demo/server/main.ts on 127.0.0.1, with BASTION_CORS_ORIGINS naming the portal and the demo
// portal's client registered, as `npm start` does) and the demo portal (demo/portal/server.mjs) on
// 127.0.0.2, another site; plus a second copy of the portal on 127.0.0.3, an origin the bastion does not
// list. The pages run in a separate browser context of the run's Chromium, driven from here with
// puppeteer, the way a user clicks and types (a popup needs a real click):
// - `portal-start` → `{bastion, portal, refused, session}` (once per run: a recorded session to replay,
//   and the portal's back end given a super admin's access key for /backend.html);
// - `portal-open {site, path}` opens a tab on `portal` or `refused` (closing an earlier one);
// - `portal-goto {url}` navigates the tab anywhere; `portal-eval {fn, args, poll}` runs `fn(h, ...args)`
//   in it (`h`: `deep`, `deepAll`, `text`, through shadow roots);
// - `portal-click {selector}` clicks the first match (through shadow roots) with the mouse;
// - `portal-popup-login {username, password}` signs in on the server's form in the popup the tab opened
//   and waits for the popup to close; `portal-popup-close` closes it as a user would, unsigned;
// - `portal-log` → responses (url, status, headers), console errors; `portal-close`;
// - `portal-user-assets {username, limit}` → `{count, results}`: the first page of that user's own assets as
//   a portal token for them reads it (perms/users/assets/), asked with the back end's access key.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLIENT_ID, startPortal } from '../../demo/portal/server.mjs';
import { freePort } from '../lib/free-port.mjs';
import { recordSession } from '../lib/recorded-session.mjs';
import { evaluateIn, HELPERS } from './tab-evaluate.mjs';

const PASSWORD = 'bastion';
const BOOTSTRAP = 'portal-test-bootstrap';

let started;
let tab;

async function waitForHealth(child, origin) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the portal test's bastion exited (${child.exitCode})`);
    if (
      await fetch(`${origin}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the portal test's bastion did not start");
}

async function start() {
  if (started) return started.info;
  const port = await freePort();
  const bastion = `http://127.0.0.1:${port}`;
  const portal = await startPortal({ host: '127.0.0.2', port: 0, bastion });
  const refused = await startPortal({ host: '127.0.0.3', port: 0, bastion });
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-portal-'));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    BASTION_DEMO_PASSWORD: PASSWORD,
    BOOTSTRAP_TOKEN: BOOTSTRAP,
    BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
    BASTION_CORS_ORIGINS: portal.origin,
    BASTION_DEMO_PORTAL: portal.origin,
    BASTION_AUDIT_SAMPLES: '0',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk).slice(-4000);
  });
  started = { child, dataDir, portal, refused, info: null };
  try {
    await waitForHealth(child, bastion);
  } catch (error) {
    throw new Error(`${error.message}: ${errors}`, { cause: error });
  }
  const session = await recordSession(bastion, { bootstrap: BOOTSTRAP, username: 'user', password: PASSWORD });
  // The portal's back end holds a super admin's access key (a private token, made with the server's CLI).
  const { execFile } = await import('node:child_process');
  const key = await new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'demo/server/core/auth/private-token-cli.ts', 'admin'],
      { env: { ...process.env, DATA_DIR: dataDir } },
      (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
    ),
  );
  Object.assign(portal.backend, { accessKey: key, username: 'admin' });
  started.info = { bastion, portal: portal.origin, refused: refused.origin, redirectUri: portal.redirectUri, session };
  return started.info;
}

async function stop() {
  await closeTab();
  const running = started;
  started = undefined;
  if (!running) return;
  await Promise.all([running.portal.close(), running.refused.close()]);
  if (running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await new Promise((done) => {
      running.child.once('exit', done);
      setTimeout(done, 5000);
    });
  }
  rmSync(running.dataDir, { recursive: true, force: true });
}

async function closeTab() {
  const open = tab;
  tab = undefined;
  if (open) await open.context.close().catch(() => undefined);
}

const lower = (headers) => Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

async function openTab(session, { site = 'portal', path = '/' }) {
  const info = await start();
  await closeTab();
  const browser = session.browser.getPage(session.id).browser();
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const log = { responses: [], consoleErrors: [] };
  const watch = (p) => {
    p.on('response', (response) =>
      log.responses.push({ url: response.url(), status: response.status(), headers: lower(response.headers()) }),
    );
    p.on('console', (message) => {
      if (message.type() === 'error') log.consoleErrors.push(message.text());
    });
  };
  watch(page);
  tab = { context, page, log, popup: null };
  page.on('popup', (popup) => {
    if (!popup) return;
    tab.popup = popup;
    watch(popup);
  });
  await page.goto(new URL(path, info[site]).href, { waitUntil: 'load', timeout: 15_000 });
  return { url: page.url() };
}

function current() {
  if (!tab) throw new Error('no portal tab is open (portal-open first)');
  return tab;
}

async function evaluate(options) {
  return evaluateIn(current().page, options);
}

async function click({ selector }) {
  const { page } = current();
  const handle = await page.evaluateHandle(`(${HELPERS}).deep(${JSON.stringify(selector)})`);
  const element = handle.asElement();
  if (!element) throw new Error(`nothing matches ${selector}`);
  await element.click();
  return true;
}

async function popupLogin({ username, password = PASSWORD }) {
  const deadline = Date.now() + 10_000;
  while (!current().popup && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const { popup } = current();
  if (!popup) throw new Error('no popup opened');
  await popup.waitForSelector('#username', { timeout: 10_000 });
  const at = popup.url();
  await popup.type('#username', username);
  await popup.type('#password', password);
  await popup.click('button[type=submit]');
  // The popup goes back to the portal's callback page, where the opener reads the code and closes it.
  const closed = new Promise((done) => popup.once('close', done));
  await Promise.race([closed, new Promise((r) => setTimeout(r, 15_000))]);
  return { closed: popup.isClosed(), loginUrl: at };
}

async function popupClose() {
  const deadline = Date.now() + 10_000;
  while (!current().popup && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const { popup } = current();
  if (!popup) throw new Error('no popup opened');
  await popup.waitForSelector('#username', { timeout: 10_000 });
  await popup.close();
  current().popup = null;
  return true;
}

async function userAssets({ username, limit = 10 }) {
  const { bastion } = await start();
  const asked = await fetch(`${bastion}/api/v1/authentication/portal-tokens/`, {
    method: 'POST',
    headers: { Authorization: `Token ${started.portal.backend.accessKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: DEMO_CLIENT_ID, username }),
  });
  if (!asked.ok) throw new Error(`portal token for ${username}: ${asked.status} ${await asked.text()}`);
  const { access_token: token } = await asked.json();
  const page = await fetch(`${bastion}/api/v1/perms/users/assets/?limit=${limit}&offset=0`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!page.ok) throw new Error(`assets of ${username}: ${page.status} ${await page.text()}`);
  return page.json();
}

export function portalFixturePlugin() {
  return {
    name: 'portal-fixture',
    async serverStop() {
      await stop();
    },
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('portal-')) return undefined;
      switch (command) {
        case 'portal-start':
          return start();
        case 'portal-open':
          return openTab(session, payload ?? {});
        case 'portal-goto': {
          const response = await current().page.goto(payload.url, { waitUntil: 'load', timeout: 15_000 });
          return { url: current().page.url(), status: response?.status() ?? 0 };
        }
        // null or undefined would read as "no plugin handled it": nothing comes back as false.
        case 'portal-eval':
          return (await evaluate(payload)) ?? false;
        case 'portal-click':
          return click(payload);
        case 'portal-popup-login':
          return popupLogin(payload);
        case 'portal-popup-close':
          return popupClose();
        case 'portal-log':
          return current().log;
        case 'portal-close':
          await closeTab();
          return true;
        case 'portal-user-assets':
          return userAssets(payload);
        default:
          return undefined;
      }
    },
  };
}

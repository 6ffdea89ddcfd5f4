// The deployment's browser test (test/deploy/nginx.test.ts) needs the console served as an operator
// serves it: Debian's nginx with the shipped configuration (deploy/nginx/bastion-console.conf, the web
// terminal page enabled) in front of the test run's reference server, which plays JumpServer's core
// and, through its /koko/ proxy, the terminal. The page under test must come from nginx's origin, and
// the console forbids being framed by another origin (frame-ancestors 'self'), so it opens in a tab of
// its own: a separate browser context of the run's Chromium (its own cookies: it signs in through
// nginx), driven from here with puppeteer, the way the test asks:
// - `nginx-start` → `{origin, brotli}` (once per run; stopped with the dev server);
// - `nginx-open {path}` opens the tab (closing an earlier one), `nginx-goto {path}` navigates it;
// - `nginx-eval {fn, args}` runs `fn(h, ...args)` in the tab and returns its result; `h` has
//   `deep(selector)`, `deepAll(selector)` (through shadow roots) and `text(el)`; `fn` is the source of
//   a function that uses nothing but its arguments (the test polls with it: a command must answer
//   within the runner's 20 s);
// - `nginx-type {text}` / `nginx-press {key}`: keys into the focused element, as a user types;
// - `nginx-log` → what the tab loaded since it opened: responses (url, method, status, headers, type),
//   WebSocket handshakes, console errors and uncaught errors;
// - `nginx-sizes {files}` → the sizes of dist/ files and of their `.br` / `.gz` copies;
// - `nginx-close`.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startNginx } from '../lib/nginx.mjs';
import { referenceServer } from './reference-server.mjs';
import { evaluateIn } from './tab-evaluate.mjs';

const DIST = resolve('dist');

let nginx;
let tab;

async function start() {
  if (!referenceServer.port) throw new Error('the reference server is not running');
  nginx ??= startNginx({ core: `127.0.0.1:${referenceServer.port}`, uiDir: DIST, webTerminal: true });
  nginx.catch(() => {
    nginx = undefined;
  });
  const { origin, brotli } = await nginx;
  return { origin, brotli };
}

async function stop() {
  await closeTab();
  const running = nginx;
  nginx = undefined;
  if (running)
    await running.then(
      (n) => n.stop(),
      () => undefined,
    );
}

async function closeTab() {
  const open = tab;
  tab = undefined;
  if (open) await open.context.close().catch(() => undefined);
}

/** Headers with lower-case names (puppeteer's are already). */
const lower = (headers) => Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

async function openTab(session, path) {
  const { origin } = await start();
  await closeTab();
  const testPage = session.browser.getPage(session.id);
  const context = await testPage.browser().createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const log = { responses: [], sockets: [], consoleErrors: [], pageErrors: [] };
  page.on('response', (response) => {
    const request = response.request();
    log.responses.push({
      url: response.url(),
      method: request.method(),
      status: response.status(),
      headers: lower(response.headers()),
      type: request.resourceType(),
      fromCache: response.fromCache(),
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') log.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => log.pageErrors.push(String(error?.message ?? error)));
  // WebSockets are not requests to puppeteer: their handshakes come from the DevTools protocol.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  const socketUrls = new Map();
  cdp.on('Network.webSocketCreated', ({ requestId, url }) => socketUrls.set(requestId, url));
  cdp.on('Network.webSocketHandshakeResponseReceived', ({ requestId, response }) =>
    log.sockets.push({ url: socketUrls.get(requestId), status: response.status, headers: lower(response.headers) }),
  );
  tab = { context, page, log, origin };
  await goto(path);
  return { url: page.url() };
}

function current() {
  if (!tab) throw new Error('no nginx tab is open (nginx-open first)');
  return tab;
}

async function goto(path) {
  const { page, origin } = current();
  await page.goto(new URL(path, origin).href, { waitUntil: 'load', timeout: 15_000 });
  return { url: page.url() };
}

async function evaluate(options) {
  return evaluateIn(current().page, options);
}

/** Sizes of dist/ files (names relative to dist/) and of the copies the build wrote beside them. */
function sizes({ files }) {
  const size = (path) => (existsSync(path) ? statSync(path).size : null);
  return Object.fromEntries(
    files.map((file) => {
      const path = join(DIST, file);
      return [file, { raw: size(path), br: size(`${path}.br`), gz: size(`${path}.gz`) }];
    }),
  );
}

export function nginxFixturePlugin() {
  return {
    name: 'nginx-fixture',
    async serverStop() {
      await stop();
    },
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('nginx-')) return undefined;
      switch (command) {
        case 'nginx-start':
          return start();
        case 'nginx-open':
          return openTab(session, payload.path);
        case 'nginx-goto':
          return goto(payload.path);
        case 'nginx-eval':
          return (await evaluate(payload)) ?? null;
        case 'nginx-type':
          await current().page.keyboard.type(payload.text);
          return true;
        case 'nginx-press':
          await current().page.keyboard.press(payload.key);
          return true;
        case 'nginx-log':
          return current().log;
        case 'nginx-sizes':
          return sizes(payload);
        case 'nginx-close':
          await closeTab();
          return true;
        default:
          return undefined;
      }
    },
  };
}

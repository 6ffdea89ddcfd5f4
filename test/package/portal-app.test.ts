// Another team's portal, built as its developer builds it: the package from `npm pack` of a fresh copy of
// this repository, installed from the tarball into a new Vite + React 19 + TypeScript app (portal-app/,
// its other packages from the npm registry), type-checked, built, and served on another loopback origin
// (127.0.0.3) than the bastion's. In Chromium a plain user signs in through the popup (oidc-client-ts)
// and through a token from the portal's back end, sees the servers granted to them, opens Connect and
// plays a replay, with no error in the portal's console and no call before the elements know who is in.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { packFreshCopy, type Packed } from './support/pack.ts';
import { mustRun, run } from './support/run.ts';
import { recordSession } from '../../scripts/lib/recorded-session.mjs';
import {
  BOOTSTRAP,
  CLIENT_ID,
  PASSWORD,
  servePortal,
  startBastion,
  superAdminKey,
  type Bastion,
  type PortalSite,
} from './support/servers.ts';
import { inPage, watchPage, type PageLog } from './support/browser.ts';

const root = resolve(import.meta.dirname, '../..');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
/** What a portal must never get from installing the elements: the server's, the terminal's, our runtime. */
const SERVER_SIDE = [
  'fastify',
  'better-sqlite3',
  'ssh2',
  'node',
  'mysql2',
  'oidc-provider',
  'ldapts',
  'nodemailer',
  'tsx',
  'rollup',
  '@web/test-runner',
];

let work: string;
let app: string;
let packed: Packed;
let installOutput: string;
let buildOutput: string;
let bastion: Bastion;
let portal: PortalSite;
let browser: Browser;
let adminKey = '';
/** A session the plain user ran, recorded as a terminal records it. */
let session = '';

before(
  async () => {
    work = mkdtempSync(join(tmpdir(), 'bastion-package-test-'));
    packed = await packFreshCopy(root, work);
    app = join(work, 'portal-app');
    cpSync(join(root, 'test/package/portal-app'), app, { recursive: true });
    installOutput = await mustRun(
      'npm',
      ['install', '--no-audit', '--no-fund', '--foreground-scripts', packed.tarball],
      { cwd: app, timeoutMs: 600_000 },
    );
    buildOutput = await mustRun(join(app, 'node_modules/.bin/vite'), ['build'], { cwd: app, timeoutMs: 300_000 });
    const port = await freePort();
    const portalOrigin = `http://127.0.0.3:${port}`;
    bastion = await startBastion(root, portalOrigin);
    adminKey = await superAdminKey(root, bastion.dataDir);
    session = await recordSession(bastion.origin, { bootstrap: BOOTSTRAP, username: 'user', password: PASSWORD });
    portal = await servePortal(
      join(app, 'dist'),
      port,
      () => ({ bastion: bastion.origin, clientId: CLIENT_ID, session }),
      () => ({ bastion: bastion.origin, key: adminKey, username: 'user' }),
    );
    browser = await puppeteer.launch({
      executablePath: CHROME,
      headless: true,
      args: [
        '--no-sandbox',
        '--headless=new',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  },
  { timeout: 900_000 },
);

after(async () => {
  await browser?.close();
  await portal?.close();
  await bastion?.stop();
  if (packed) rmSync(packed.checkout, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

test('npm pack holds the built elements, their types, the manifest, editor data and docs, and nothing of the server', () => {
  const { files } = packed;
  for (const wanted of [
    'package.json',
    'README.md',
    'LICENSE',
    'custom-elements.json',
    'web-types.json',
    'vscode.html-custom-data.json',
    'docs/elements.md',
    'types/index.d.ts',
    'types/jsx.d.ts',
    'types/bastion-asset-list.d.ts',
    'lib/index.js',
    'lib/bastion-asset-list.js',
    'lib/bastion-session-replay.js',
    'lib/bastion-console.js',
    'lib/shoelace/assets/icons/search.svg',
  ]) {
    assert.ok(files.includes(wanted), `${wanted} is in the package`);
  }
  const outside = files.filter(
    (file) =>
      !/^(lib|types|docs)\/|^(package\.json|README\.md|LICENSE|custom-elements\.json|web-types\.json|vscode\.html-custom-data\.json)$/.test(
        file,
      ),
  );
  assert.deepEqual(outside, []);
  assert.deepEqual(
    files.filter((file) => /\.(br|gz|map)$/.test(file)),
    [],
  );
});

test("the tarball installs into a new app with no install script of ours and none of the server's or terminal's packages", () => {
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/bastion-console/package.json'), 'utf8'));
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
    assert.equal(installed.scripts?.[hook], undefined, hook);
  assert.doesNotMatch(installOutput, /bastion-console@[^\n]* (pre|post)?install/);
  for (const name of SERVER_SIDE) assert.ok(!existsSync(join(app, 'node_modules', name)), `${name} is not installed`);
  // The package's own dependencies: React (a peer, shared with the app), nothing else.
  assert.equal(installed.dependencies, undefined);
  assert.deepEqual(Object.keys(installed.peerDependencies).sort(), ['@types/react', 'react', 'react-dom']);
  const packages = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
  console.log(`# installed in the app: ${packages.length} top-level packages (${packages.join(' ')})`);
});

test('a TSX file that uses the elements type-checks, and misspelt or mistyped inputs are errors', async () => {
  await mustRun(join(app, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cwd: app });
  writeFileSync(
    join(app, 'tsconfig.misspelt.json'),
    JSON.stringify({ extends: './tsconfig.json', include: ['src/misspelt.tsx'], exclude: [] }),
  );
  const ran = await run(join(app, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.misspelt.json'], { cwd: app });
  assert.notEqual(ran.code, 0, 'the misspelt file must not type-check');
  // One error per line of the file, each with tsc's explanation on the lines after it.
  const errors = ran.output.split(/\n(?=\S)/).filter((text) => text.includes('error TS'));
  assert.equal(errors.length, 3, ran.output);
  assert.match(
    errors[0],
    /^src\/misspelt\.tsx\(5,\d+\): error TS2322[\s\S]*Property 'apiBsae' does not exist on type 'BastionAssetListElementProps'/,
  );
  assert.match(
    errors[1],
    /^src\/misspelt\.tsx\(6,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
  );
  assert.match(errors[2], /^src\/misspelt\.tsx\(7,\d+\): error TS2322[\s\S]*CustomEvent<BastionAsset>/);
});

test('vite builds the portal with no warning about the package', () => {
  const warnings = buildOutput
    .split('\n')
    .filter((line) => /warn|\(!\)|new URL|doesn't exist at build time/i.test(line));
  assert.deepEqual(
    warnings.filter((line) => /bastion-console|new URL|shoelace|import\.meta/i.test(line)),
    [],
    buildOutput,
  );
  console.log(
    `# vite build:\n${buildOutput
      .split('\n')
      .filter((line) => /dist\/|built in/.test(line))
      .map((line) => `#   ${line.trim()}`)
      .join('\n')}`,
  );
});

/** The portal in a fresh browser context, watched for console errors and the calls it makes. */
async function openPortal(path: string): Promise<{ page: Page; log: PageLog; close(): Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const log = watchPage(page);
  await page.goto(`${portal.origin}${path}`, { waitUntil: 'load' });
  return { page, log, close: () => context.close() };
}

/** Hostnames granted to the plain user, as the bastion itself answers them. */
async function grantedHostnames(token: string): Promise<string[]> {
  const answer = await fetch(`${bastion.origin}/api/v1/perms/users/assets/?limit=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(answer.status, 200);
  const body = (await answer.json()) as { results?: { hostname: string }[] } | { hostname: string }[];
  return (Array.isArray(body) ? body : (body.results ?? [])).map((row) => row.hostname).sort();
}

test("a plain user signs in through the popup (oidc-client-ts), sees their servers, Connect opens the bastion's web terminal, and their session replays", async () => {
  const { page, log, close } = await openPortal('/');
  try {
    await page.waitForSelector('#sign-in');
    // Signed out, the elements ask nothing of the bastion: they cannot know who is in without a token.
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(
      log.requests.filter((url) => url.startsWith(bastion.origin) && url.includes('/api/')),
      [],
    );
    const popupOpened = new Promise<Page>((done) => page.once('popup', (popup) => done(popup!)));
    await page.click('#sign-in');
    const popup = await popupOpened;
    watchPage(popup, log);
    await popup.waitForSelector('#username', { timeout: 15_000 });
    await popup.type('#username', 'user');
    await popup.type('#password', PASSWORD);
    await popup.click('button[type=submit]');
    await page.waitForFunction(() => document.getElementById('who')?.textContent === 'Signed in as user', {
      timeout: 20_000,
    });

    const rows = await inPage(page, 20_000, (h) => {
      const cells = h.deepAll('bastion-asset-list td[data-prop="hostname"]').map((cell) => h.text(cell));
      return cells.length > 0 ? cells : null;
    });
    const token = await page.evaluate(
      () => (document.querySelector('bastion-asset-list') as unknown as { token: string }).token,
    );
    assert.deepEqual([...rows].sort(), (await grantedHostnames(token)).slice(0, rows.length).sort());

    // Connect: a new tab on the bastion's own origin, its web terminal for that asset.
    const opened = new Promise<string>((done) => browser.once('targetcreated', (target) => done(target.url())));
    await inPage(page, 5000, (h) => {
      const button = h.deep('bastion-asset-list .asset-connect') as HTMLElement | null;
      button?.click();
      return Boolean(button);
    });
    const url = new URL(await opened);
    assert.equal(url.origin, bastion.origin);
    assert.equal(url.pathname, '/luna/');
    assert.ok(url.searchParams.get('login_to'));

    // Their own session plays at once (autoplay) with the same token. The user comes back to the portal's
    // tab from the web terminal's (a tab behind another draws no frame) and scrolls down to it.
    await page.waitForFunction(
      (id) => [...document.querySelectorAll('#events li')].some((li) => li.textContent === `replay ready ${id}`),
      { timeout: 20_000 },
      session,
    );
    await page.bringToFront();
    await page.evaluate(() => document.querySelector('bastion-session-replay')!.scrollIntoView());
    const screen = await inPage(page, 20_000, (h) => {
      const text = h.text(h.deep('bastion-session-replay .xterm-rows'));
      return text.includes('portal replay line') ? text : null;
    });
    assert.match(screen, /portal replay line \d+/);
    assert.deepEqual(log.errors, []);
  } finally {
    await close();
  }
});

test("a token from the portal's back end shows the same user's servers, with no console error", async () => {
  const { page, log, close } = await openPortal('/?via=backend');
  try {
    await page.waitForFunction(() => document.getElementById('who')?.textContent === 'Signed in as user', {
      timeout: 20_000,
    });
    const rows = await inPage(page, 20_000, (h) => {
      const cells = h.deepAll('bastion-asset-list td[data-prop="hostname"]').map((cell) => h.text(cell));
      return cells.length > 0 ? cells : null;
    });
    assert.ok(rows.length > 0);
    // The host's `* { letter-spacing }` and serif stop at the element's box.
    const style = await inPage(page, 5000, (h) => {
      const cell = h.deep('bastion-asset-list td[data-prop="hostname"]');
      if (!cell) return null;
      const computed = getComputedStyle(cell);
      return {
        letterSpacing: computed.letterSpacing,
        fontFamily: computed.fontFamily,
        textTransform: computed.textTransform,
      };
    });
    assert.deepEqual(
      { ...style, fontFamily: style.fontFamily.split(',')[0] },
      { letterSpacing: 'normal', fontFamily: '-apple-system', textTransform: 'none' },
    );
    assert.deepEqual(log.errors, []);
  } finally {
    await close();
  }
});

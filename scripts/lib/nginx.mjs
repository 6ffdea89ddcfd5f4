// A private nginx for tests: Debian's nginx on a free loopback port, serving the shipped configuration
// (deploy/nginx/bastion-console.conf) rendered for the test's ports and folders, with its own main
// configuration, logs, pid and temporary files in a temporary folder (nothing of /etc/nginx is read
// but mime.types). Both the node:test suite (test/server/web/nginx-config.test.ts) and the browser harness
// (scripts/wtr/nginx-fixture.mjs) start it from here. scripts/ensure-nginx.mjs installs the package.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDaemon } from './daemon.mjs';
import { freePort } from './free-port.mjs';

export const NGINX = '/usr/sbin/nginx';
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const DEPLOY_DIR = fileURLToPath(new URL('../../deploy/nginx/', import.meta.url));
export const SITE_TEMPLATE = join(DEPLOY_DIR, 'bastion-console.conf');
export const BROTLI_SNIPPET = join(DEPLOY_DIR, 'bastion-console-brotli.conf');
/** The template's placeholders, `${NAME}` in the file (envsubst's form). */
export const PLACEHOLDERS = ['BASTION_LISTEN', 'BASTION_UI_DIR', 'JUMPSERVER_CORE', 'JUMPSERVER_CORE_WS', 'JUMPSERVER_KOKO', 'JUMPSERVER_LUNA_DIR'];

export const brotliModuleInstalled = () => existsSync(BROTLI_STATIC_MODULE);

/** Lines between `# BEGIN <name>` and `# END <name>`, each passed through `edit`. */
function editBlock(text, name, edit) {
  const lines = text.split('\n');
  const begin = lines.findIndex((line) => line.trim() === `# BEGIN ${name}`);
  const end = lines.findIndex((line, i) => i > begin && line.trim() === `# END ${name}`);
  if (begin < 0 || end < 0) throw new Error(`the template has no "# BEGIN ${name}" … "# END ${name}" block`);
  for (let i = begin + 1; i < end; i++) lines[i] = edit(lines[i]);
  return lines.join('\n');
}

/**
 * The template with every placeholder filled in, as an operator renders it (envsubst with the names
 * listed). `webTerminal` makes the edit README.md describes: Luna's location commented out, the web
 * terminal page's uncommented.
 * @param {Record<string, string>} values
 */
export function renderSite(values, { webTerminal = false, template = readFileSync(SITE_TEMPLATE, 'utf8') } = {}) {
  const missing = PLACEHOLDERS.filter((name) => !values[name]);
  if (missing.length) throw new Error(`no value for ${missing.join(', ')}`);
  let text = template;
  if (webTerminal) {
    text = editBlock(text, 'luna', (line) => line.replace(/^(\s*)(?=\S)/, '$1#'));
    text = editBlock(text, 'web-terminal', (line) => line.replace(/^(\s*)#/, '$1'));
  }
  text = text.replace(/\$\{([A-Z_]+)\}/g, (whole, name) => (PLACEHOLDERS.includes(name) ? values[name] : whole));
  const left = text.split('\n').filter((line) => !line.trim().startsWith('#') && /\$\{/.test(line));
  if (left.length) throw new Error(`placeholders the renderer does not know: ${left.join(' | ')}`);
  return text;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The main configuration of a private nginx: this folder for everything it writes, Debian's http
 * defaults (sendfile, gzip on), then the rendered site (conf.d/) and, with the module, the brotli snippet.
 */
function mainConfig(dir, { brotli }) {
  const temp = (name) => join(dir, 'temp', name);
  return [
    '# Written by scripts/lib/nginx.mjs for one test run; everything nginx writes stays in this folder.',
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    // As root nginx would start its workers as nobody, who cannot read this 0700 folder's temp files.
    ...(isRoot() ? ['user root root;'] : []),
    ...(brotli ? [`load_module ${BROTLI_STATIC_MODULE};`] : []),
    'events { worker_connections 512; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    gzip on;',
    `    access_log ${join(dir, 'access.log')};`,
    `    client_body_temp_path ${temp('body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    // Relative to this file's folder, as /etc/nginx/conf.d/*.conf is to /etc/nginx/nginx.conf.
    '    include conf.d/*.conf;',
    '}',
    '',
  ].join('\n');
}

/**
 * Writes a complete configuration into `dir` (nginx.conf, conf.d/bastion-console.conf and, when
 * `brotli`, snippets/bastion-console-brotli.conf as README.md tells operators to copy it).
 * @returns {string} the path of nginx.conf
 */
export function writeConfig(dir, { site, brotli = brotliModuleInstalled() }) {
  for (const sub of ['conf.d', 'snippets', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'conf.d', 'bastion-console.conf'), site);
  if (brotli) copyFileSync(BROTLI_SNIPPET, join(dir, 'snippets', 'bastion-console-brotli.conf'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, mainConfig(dir, { brotli }));
  return conf;
}

/** `nginx -t` on a configuration: `ok` and what nginx said. */
export function checkConfig(conf) {
  const result = spawnSync(NGINX, ['-t', '-c', conf], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

/**
 * Starts nginx with the shipped configuration in front of `core` (host:port of the server playing
 * JumpServer's core, also its WebSocket server and the terminal unless `coreWs` / `koko` say
 * otherwise), serving `uiDir` (a dist/ folder) at /ui/ and `lunaDir` (default: an empty folder) at
 * /luna/, or with `webTerminal` the web terminal page of the core; resolves once it accepts connections.
 * @param {{ core: string, coreWs?: string, koko?: string, uiDir: string, lunaDir?: string, webTerminal?: boolean, brotli?: boolean }} options
 * @returns {Promise<{ port: number, origin: string, dir: string, brotli: boolean, errorLog: () => string, stop: () => Promise<void> }>}
 */
export async function startNginx({ core, coreWs = core, koko = core, uiDir, lunaDir, webTerminal = false, brotli = brotliModuleInstalled() }) {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-nginx-'));
  const port = await freePort();
  const withSlash = (path) => (path.endsWith('/') ? path : `${path}/`);
  const site = renderSite({
    BASTION_LISTEN: `127.0.0.1:${port}`,
    BASTION_UI_DIR: withSlash(uiDir),
    JUMPSERVER_CORE: core,
    JUMPSERVER_CORE_WS: coreWs,
    JUMPSERVER_KOKO: koko,
    // No Luna here: an empty folder stands in for its files.
    JUMPSERVER_LUNA_DIR: withSlash(lunaDir ?? join(dir, 'luna')),
  }, { webTerminal });
  mkdirSync(join(dir, 'luna'));
  const conf = writeConfig(dir, { site, brotli });
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');

  const stop = await startDaemon({
    command: NGINX, args: ['-c', conf], port, dir, extraLog: errorLog,
    failure: (said) => `nginx did not start on 127.0.0.1:${port}: ${said}`,
  });
  return { port, origin: `http://127.0.0.1:${port}`, dir, brotli, errorLog, stop };
}

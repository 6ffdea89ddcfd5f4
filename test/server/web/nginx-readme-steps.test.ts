// README.md's deployment steps, followed literally on a stock Debian nginx: the shell block marked
// `<!-- deploy-steps: ... -->` runs as written against a copy of Debian's own /etc/nginx (nginx.conf,
// sites-enabled/default with its `listen 80 default_server`, mime.types, snippets) in a private prefix.
// The only substitutions: /etc/nginx/ is the prefix, port 80 a free loopback port (in Debian's site as in
// the README's BASTION_LISTEN), the example folders and upstreams the test's own, and `nginx` runs as
// `nginx -p <prefix> -c <prefix>/nginx.conf` (started by the test instead of reloaded). Then /ui/, /koko/
// and /luna/ must answer as the README says, with the reference server as the core.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { NGINX } from '../../../scripts/lib/nginx.mjs';
import { build } from '../helpers.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

/** The shell block README.md marks as the deployment steps, with the lines a shell continues joined. */
export function readmeDeploySteps(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): string {
  const marker = readme.indexOf('<!-- deploy-steps:');
  assert.ok(marker >= 0, 'README.md marks its deployment steps');
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(marker));
  assert.ok(block, 'a sh block follows the marker');
  return block[1]
    .split('\n')
    .map((line) => line.replace(/^ {3}/, ''))
    .join('\n');
}

test("README's nginx steps on Debian's stock configuration serve /ui/, pass /koko/ to the core and serve /luna/", async (t) => {
  const prefix = mkdtempSync(join(tmpdir(), 'bastion-readme-nginx-'));
  t.after(() => rmSync(prefix, { recursive: true, force: true }));
  const port = await freePort();
  // Debian's files as installed.
  for (const name of ['nginx.conf', 'mime.types']) cpSync(`/etc/nginx/${name}`, join(prefix, name));
  for (const dir of ['conf.d', 'snippets', 'sites-available', 'sites-enabled', 'logs'])
    mkdirSync(join(prefix, dir), { recursive: true });
  cpSync('/etc/nginx/snippets', join(prefix, 'snippets'), { recursive: true });
  const debianSite = readFileSync('/etc/nginx/sites-available/default', 'utf8');
  assert.match(debianSite, /listen 80 default_server;/, "Debian's default site is what the README warns about");
  const onTestPort = (text: string) =>
    text
      .replace(/listen 80 default_server;/g, `listen 127.0.0.1:${port} default_server;`)
      .replace(/\n\s*listen \[::\]:80 default_server;/g, '');
  writeFileSync(join(prefix, 'sites-available', 'default'), onTestPort(debianSite));
  writeFileSync(join(prefix, 'sites-enabled', 'default'), onTestPort(debianSite));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    readFileSync(join(prefix, 'nginx.conf'), 'utf8')
      .replaceAll('/etc/nginx/', `${prefix}/`)
      .replace(/^user .*;$/m, 'user root root;')
      .replace(/^pid .*;$/m, `pid ${prefix}/nginx.pid;`)
      .replaceAll('/var/log/nginx/', `${prefix}/logs/`),
  );

  // The reference server as the core, a small build and a stand-in for Luna's files.
  const dist = join(prefix, 'dist');
  mkdirSync(dist);
  writeFileSync(
    join(dist, 'index.html'),
    '<!DOCTYPE html><html lang="zh"><title>console build</title><bastion-console></bastion-console>',
  );
  const luna = join(prefix, 'luna');
  mkdirSync(luna);
  writeFileSync(join(luna, 'index.html'), '<!DOCTYPE html><title>Luna</title>');
  const app = await build(t, { distDir: dist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const core = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // The README's block as written, but for the substitutions above; the core's address for /koko/, as it says
  // for the reference server.
  const script = readmeDeploySteps()
    .replace('BASTION_LISTEN=80', `BASTION_LISTEN=127.0.0.1:${port}`)
    .replace('BASTION_UI_DIR=/opt/bastion-console/ui/', `BASTION_UI_DIR=${dist}/`)
    .replace('JUMPSERVER_CORE=core:8080', `JUMPSERVER_CORE=${core}`)
    .replace('JUMPSERVER_CORE_WS=core:8070', `JUMPSERVER_CORE_WS=${core}`)
    .replace('JUMPSERVER_KOKO=koko:5000', `JUMPSERVER_KOKO=${core}`)
    .replace('JUMPSERVER_LUNA_DIR=/opt/luna/', `JUMPSERVER_LUNA_DIR=${luna}/`)
    .replaceAll('/etc/nginx/', `${prefix}/`)
    .replace('nginx -t && nginx -s reload', `${NGINX} -t -p ${prefix}/ -c ${prefix}/nginx.conf`);
  assert.ok(
    !/=(core|koko):\d+|\/opt\//.test(script.replace(/^#.*$/gm, '')),
    `every example value was replaced:\n${script}`,
  );
  const ran = spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(ran.status, 0, `${ran.stdout}${ran.stderr}`);

  const nginx = spawn(NGINX, ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  t.after(() => {
    nginx.kill('SIGTERM');
  });
  for (let tries = 0; ; tries += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    assert.ok(
      tries < 100 && nginx.exitCode === null,
      `nginx did not start: ${readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const origin = `http://127.0.0.1:${port}`;
  const ui = await fetch(`${origin}/ui/`);
  assert.equal(ui.status, 200, "Debian's default site no longer takes /ui/");
  assert.match(await ui.text(), /console build/);
  assert.match(await (await fetch(`${origin}/luna/`)).text(), /<title>Luna<\/title>/);
  // /koko/ reaches the core (its answer carries the core's security headers), which guards its terminal.
  const koko = await fetch(`${origin}/koko/files/`, { redirect: 'manual' });
  assert.equal(koko.headers.get('x-content-type-options'), 'nosniff', `core's answer: ${koko.status}`);
  assert.notEqual(koko.status, 404);
  const api = await fetch(`${origin}/api/v1/settings/public/`);
  assert.equal(api.status, 200);
});

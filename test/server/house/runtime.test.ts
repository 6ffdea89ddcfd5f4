// The project runs on the Node the `node` package brings (node_modules/.bin/node, Node 24 LTS), not on the
// machine's: this test file itself (a child of `node --test`), `npm start`'s launcher, server and terminal
// when a plain `node` started it (and they stop cleanly: with better-sqlite3 12 built for Node 24 the server
// aborted here, "Assertion failed: (env) != nullptr" from Statement::~Statement during GC), and ssh2's native
// crypto binding, built at install for this Node or absent.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { assertSupportedNode } from '../../../demo/server/core/db/open.ts';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const root = resolve(import.meta.dirname, '../../..');
const runtime = realpathSync(process.env.BASTION_NODE || join(root, 'node_modules', '.bin', 'node'));
const require = createRequire(import.meta.url);
/** The Node the `node` package is (its version is the binary's). */
const shipped = JSON.parse(readFileSync(join(root, 'node_modules', 'node', 'package.json'), 'utf8')).version as string;
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/** The machine's own `node` outside the project (Debian's /usr/bin/node), else this one. */
function machineNode(): string {
  const found = spawnSync('sh', ['-c', 'command -v node'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: '/usr/local/bin:/usr/bin:/bin' },
  });
  return found.status === 0 ? found.stdout.trim() : process.execPath;
}

/** Every process below `pid`, with the executable it runs (/proc). */
function descendants(pid: number): { pid: number; exe: string; cmd: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^\d+ \(.*\) \S (\d+)/s.exec(readFileSync(`/proc/${entry}/stat`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const found: { pid: number; exe: string; cmd: string }[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      try {
        found.push({
          pid: child,
          exe: realpathSync(readlinkSync(`/proc/${child}/exe`)),
          cmd: readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
        });
      } catch {
        /* gone meanwhile */
      }
      walk(child);
    }
  };
  walk(pid);
  return found;
}

test("this test process runs on the project's Node, a supported LTS", (t) => {
  t.diagnostic(`node --test child: ${process.version} (${process.execPath})`);
  assert.equal(realpathSync(process.execPath), runtime);
  assert.ok(major(process.version) >= 22, `Node ${process.version} is past its end of life`);
  if (!process.env.BASTION_NODE) assert.equal(process.version, `v${shipped}`, "the node package's binary");
});

test("npm start's launcher started by the machine's node runs itself, the server and the terminal on the project's Node", async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bastion-runtime-'));
  const [port, sshPort, httpPort, mariadbPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const launcherNode = machineNode();
  const launcher = spawn(launcherNode, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BASTION_AUDIT_SAMPLES: '0',
      TERMINAL_SSH_PORT: String(sshPort),
      TERMINAL_HTTP_PORT: String(httpPort),
      BASTION_ALLOWED_TARGETS: '127.0.0.0/8',
      // The demo MariaDB on a port of its own (not the seeded 127.10.3.21:3306 a running `npm start` may hold).
      MARIADB_DEMO_HOST: '127.0.0.1',
      MARIADB_DEMO_PORT: String(mariadbPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  launcher.stdout.on('data', (data) => {
    out += data;
  });
  launcher.stderr.on('data', (data) => {
    out += data;
  });
  t.after(async () => {
    if (launcher.exitCode === null && launcher.signalCode === null) {
      const exited = new Promise((done) => launcher.once('exit', done));
      launcher.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const deadline = Date.now() + 90_000; !/SSH on /.test(out) || !/Demo MariaDB/.test(out);) {
    assert.ok(Date.now() < deadline, `the terminal did not start:\n${out}`);
    assert.equal(launcher.exitCode, null, `the launcher exited:\n${out}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/settings/public/`);
  assert.equal(response.status, 200);

  const processes = descendants(launcher.pid!).filter(({ exe }) => /node/.test(exe));
  t.diagnostic(
    `launcher started by ${launcherNode} (${spawnSync(launcherNode, ['-v'], { encoding: 'utf8' }).stdout.trim()})`,
  );
  for (const { pid, exe, cmd } of processes) t.diagnostic(`pid ${pid}: ${cmd.slice(0, 80)} on ${exe}`);
  const roles = ['scripts/start.mjs', 'demo/server/main.ts', 'demo/terminal/main.ts'];
  for (const role of roles) {
    const running = processes.filter(({ cmd }) => cmd.includes(role));
    assert.ok(running.length > 0, `${role} runs:\n${processes.map(({ cmd }) => cmd).join('\n')}`);
    for (const { exe } of running) assert.equal(exe, runtime, `${role} runs on the project's Node`);
  }
  const version = spawnSync(runtime, ['-v'], { encoding: 'utf8' }).stdout.trim();
  t.diagnostic(`server and terminal: ${version}`);
  assert.ok(major(version) >= 22);

  // The demo MariaDB is the launcher's child too, and goes with it.
  const mariadbd = descendants(launcher.pid!).filter(({ exe }) => exe === '/usr/sbin/mariadbd');
  assert.equal(mariadbd.length, 1, `one demo mariadbd:\n${out}`);
  assert.match(mariadbd[0].cmd, new RegExp(`--port=${mariadbPort} --bind-address=127\\.0\\.0\\.1`));

  const exited = new Promise<number | null>((done) => launcher.once('exit', (code) => done(code)));
  launcher.kill('SIGTERM');
  assert.equal(await exited, 0, `a clean stop:\n${out}`);
  assert.equal(existsSync(`/proc/${mariadbd[0].pid}`), false, 'the demo mariadbd has stopped');
  assert.doesNotMatch(out, /Assertion failed|SIGABRT|Segmentation/);
});

test("ssh2's native crypto binding is built for this Node, or absent so ssh2 uses its JavaScript crypto", (t) => {
  const binding = join(root, 'node_modules', 'ssh2', 'lib', 'protocol', 'crypto', 'build', 'Release', 'sshcrypto.node');
  const { bindingAvailable } = require('ssh2/lib/protocol/crypto.js') as { bindingAvailable: boolean };
  t.diagnostic(
    `ssh2 crypto binding on ${process.version}: ${bindingAvailable ? 'loaded' : 'absent, JavaScript crypto'}`,
  );
  assert.ok(
    bindingAvailable || !existsSync(binding),
    'a binding that is there but does not load was built for another Node',
  );
});

test('on a Node before 22 the server refuses to open its database with the way out, instead of crashing at the first query', () => {
  assert.throws(() => assertSupportedNode('20.20.2'), /Node 20\.20\.2 is not supported .*node_modules\/\.bin\/node/);
  assert.doesNotThrow(() => assertSupportedNode('22.12.0'));
  assert.doesNotThrow(() => assertSupportedNode(process.versions.node));
});

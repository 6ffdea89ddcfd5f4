// The web terminal's browser tests need what a browser cannot start: an sshd and the terminal
// component. This plugin starts them on request (`executeServerCommand('webterm-world-start')`, a
// child process running test/pages/webterminal/support/terminal-world.ts) and passes the page's
// WebSocket upgrades on /koko/ to the reference server, as proxy.mjs passes its HTTP requests.
// The reference server proxies /koko/ws/ to TERMINAL_HTTP_PORT and accepts registrations with
// BOOTSTRAP_TOKEN: both are chosen here, at load, so the server (started later, with this
// process's env) and the terminal agree.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { freePort } from '../lib/free-port.mjs';
import { referenceServer } from './reference-server.mjs';

process.env.TERMINAL_HTTP_PORT ||= String(await freePort());
// The same value as the terminal fixture of the sessions pages uses, so either may register.
process.env.BOOTSTRAP_TOKEN ||= 'bastion-test-bootstrap-token';

const WORLD = 'test/pages/webterminal/support/terminal-world.ts';
const START_TIMEOUT_MS = 60_000;
let world;

function startWorld() {
  if (world) return world.ready;
  const child = spawn(process.execPath, ['--import', 'tsx', WORLD], {
    env: { ...process.env, BASTION_API: `http://127.0.0.1:${referenceServer.port}` },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const log = [];
  child.stderr.on('data', (chunk) => log.push(String(chunk)));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`terminal world did not start: ${log.join('')}`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      world = undefined;
      reject(new Error(`terminal world exited (${code}): ${log.join('')}`));
    });
  });
  ready.catch(() => undefined);
  world = { child, ready };
  return ready;
}

function stopWorld() {
  if (!world) return undefined;
  const { child } = world;
  world = undefined;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/** Raw pass-through of a WebSocket handshake and its frames to the reference server (/koko/, and /ws/ for task logs). */
function proxyUpgrade(request, socket, head) {
  if (!request.url?.startsWith('/koko/') && !request.url?.startsWith('/ws/')) return;
  if (!referenceServer.port) return socket.destroy();
  const upstream = connect(referenceServer.port, '127.0.0.1', () => {
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (let i = 0; i < request.rawHeaders.length; i += 2)
      lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head?.length) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  const close = () => {
    socket.destroy();
    upstream.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
}

export function webTerminalFixturePlugin() {
  return {
    name: 'web-terminal-fixture',
    serverStart({ server }) {
      server.on('upgrade', proxyUpgrade);
    },
    async serverStop() {
      await stopWorld();
    },
    async executeCommand({ command }) {
      if (command === 'webterm-world-start') return startWorld();
      if (command === 'webterm-world-stop') return stopWorld().then(() => true);
      return undefined;
    },
  };
}

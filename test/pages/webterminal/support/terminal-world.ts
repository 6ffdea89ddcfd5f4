// What the web terminal's browser test connects to, started by scripts/wtr/web-terminal-fixture.mjs:
// a private OpenSSH server on a loopback port (the asset) and the real terminal component registered
// with the test run's server, its web door on the port that server proxies /koko/ws/ to. Prints one
// JSON line with the sshd's address and credentials, then runs until stdin closes or SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTerminal } from '../../../../demo/terminal/terminal.ts';
import { startSshd } from '../../../server/support/sshd.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const sshd = await startSshd();
const dataDir = mkdtempSync(join(tmpdir(), 'bastion-webterm-terminal-'));
const terminal = await startTerminal({
  apiBase: env('BASTION_API'), bootstrapToken: env('BOOTSTRAP_TOKEN'), name: `webterm-test-${process.pid}`,
  dataDir, host: '127.0.0.1', sshPort: 0, httpPort: Number(env('TERMINAL_HTTP_PORT')), heartbeatInterval: 2,
  log: (line) => process.stderr.write(`[terminal] ${line}\n`),
});
process.stdout.write(`${JSON.stringify({ sshd: { host: sshd.host, port: sshd.port, username: sshd.username, password: sshd.password }, httpPort: terminal.httpPort })}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await terminal.stop().catch(() => undefined);
  await sshd.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

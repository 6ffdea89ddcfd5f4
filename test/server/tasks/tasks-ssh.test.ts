// The SSH layer of the task runner against a real OpenSSH server on a loopback port.
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { parseAllowedTargets } from '../../../demo/shared/allowed-targets.ts';
import { collectHardware } from '../../../demo/server/tasks/hardware.ts';
import { openSsh, SshStepError, withSsh, type SshEndpoint } from '../../../demo/server/tasks/ssh/connect.ts';
import { runCommand } from '../../../demo/server/tasks/ssh/exec.ts';
import { freePort, startSshd, type TestSshd } from '../support/sshd.ts';

const TIMEOUT = 5000;
const policy = parseAllowedTargets('127.0.0.0/8');

async function failureOf(target: SshEndpoint, opts: Parameters<typeof openSsh>[1]): Promise<SshStepError> {
  try {
    (await openSsh(target, opts)).close();
  } catch (error) {
    assert.ok(error instanceof SshStepError, `expected SshStepError, got ${String(error)}`);
    return error;
  }
  assert.fail('the connection unexpectedly succeeded');
}

describe('ssh connections (real sshd)', () => {
  let sshd: TestSshd;
  let login: SshEndpoint;
  before(async () => {
    sshd = await startSshd();
    login = { host: sshd.host, port: sshd.port, username: sshd.username };
  });
  after(async () => sshd?.stop());

  it('logs in with the password and runs a command as that user', async () => {
    const whoami = await withSsh({ ...login, password: sshd.password }, { timeoutMs: TIMEOUT, policy }, (client) =>
      runCommand(client, 'whoami', TIMEOUT),
    );
    assert.equal(whoami.code, 0);
    assert.equal(whoami.stdout.trim(), sshd.username);
  });

  it('logs in with the PEM private key alone', async () => {
    const out = await withSsh({ ...login, privateKey: sshd.privateKey }, { timeoutMs: TIMEOUT, policy }, (client) =>
      runCommand(client, 'echo key-ok', TIMEOUT),
    );
    assert.equal(out.stdout.trim(), 'key-ok');
  });

  it('reports a wrong password as an authentication failure', async () => {
    const failure = await failureOf({ ...login, password: 'not-the-password' }, { timeoutMs: TIMEOUT, policy });
    assert.equal(failure.step, 'target');
    assert.equal(failure.message, 'Authentication failed');
  });

  it('reports a closed port as refused, at once', async () => {
    const started = Date.now();
    const failure = await failureOf(
      { ...login, port: await freePort(), password: sshd.password },
      { timeoutMs: TIMEOUT, policy },
    );
    assert.equal(failure.message, 'Connection refused');
    assert.ok(Date.now() - started < 1000);
  });

  it('gives up on a port that accepts TCP but never speaks SSH after the timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => {
      sockets.push(socket); /* accept and say nothing */
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const failure = await failureOf({ ...login, port, password: sshd.password }, { timeoutMs: 400, policy });
      assert.equal(failure.message, 'Timed out after 400 ms');
      assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('reaches the target through a gateway (forwardOut)', async () => {
    const gateway = { ...login, password: sshd.password };
    const out = await withSsh(
      { ...login, host: '127.0.0.1', password: sshd.password },
      { timeoutMs: TIMEOUT, policy, gateway },
      (client) => runCommand(client, 'echo via-gateway', TIMEOUT),
    );
    assert.equal(out.stdout.trim(), 'via-gateway');
  });

  it('tells a gateway login failure from a target the gateway cannot reach', async () => {
    const target = { ...login, password: sshd.password };
    const badGateway = await failureOf(target, {
      timeoutMs: TIMEOUT,
      policy,
      gateway: { ...login, password: 'wrong' },
    });
    assert.equal(badGateway.step, 'gateway');
    assert.equal(badGateway.message, 'Gateway: Authentication failed');
    const closed = await failureOf(
      { ...target, port: await freePort() },
      { timeoutMs: TIMEOUT, policy, gateway: target },
    );
    assert.equal(closed.step, 'forward');
    assert.equal(closed.reason, 'Connect failed');
  });

  it('collects hardware info with read-only commands', async () => {
    const lines: string[] = [];
    const info = await withSsh({ ...login, password: sshd.password }, { timeoutMs: TIMEOUT, policy }, (client) =>
      collectHardware(client, TIMEOUT, (line) => lines.push(line)),
    );
    assert.ok(info.os, 'os');
    assert.match(info.os_arch ?? '', /^(x86_64|aarch64|arm\w*|i\d86|s390x|ppc64le|riscv64)$/);
    assert.ok(info.cpu_vcpus && info.cpu_vcpus >= 1, 'vcpus');
    assert.ok(info.cpu_model, 'cpu model');
    assert.match(info.memory ?? '', /^\d+\.\d G$/);
    assert.ok(info.hostname_raw, 'hostname');
    assert.ok(
      lines.some((line) => line.startsWith('$ uname -m: ')),
      lines.join('\n'),
    );
  });
});

// The allow-list itself: parsing BASTION_ALLOWED_TARGETS, which addresses it admits, name resolution,
// and the SSH layer refusing before any socket exists (a real sshd stands for the allowed host).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../../demo/server/app.ts';
import {
  parseAllowedTargets,
  resolveAllowed,
  TargetRefusedError,
  type Lookup,
} from '../../../demo/shared/allowed-targets.ts';
import { openSsh, SshStepError } from '../../../demo/server/tasks/ssh/connect.ts';
import { spyOnConnects } from '../support/socket-spy.ts';
import { startSshd, type TestSshd } from '../support/sshd.ts';

// Names are resolved from this table, so no DNS query leaves the machine. The outside addresses are
// documentation ranges (RFC 5737 / 3849) that nothing here ever connects to.
const TABLE: Record<string, string[]> = {
  'inside.test': ['127.0.0.1'],
  'outside.test': ['203.0.113.5'],
  'both.test': ['2001:db8::5', '127.0.0.1'],
};
const lookup: Lookup = async (host) => {
  const addresses = TABLE[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('parsing BASTION_ALLOWED_TARGETS', () => {
  it('unset or blank allows every address, and hands names on unresolved', async () => {
    for (const spec of [undefined, '', ' , ']) {
      const policy = parseAllowedTargets(spec, lookup);
      assert.equal(policy.unrestricted, true);
      assert.equal(policy.allows('203.0.113.5'), true);
      assert.equal(await resolveAllowed('db.example.test', policy), 'db.example.test');
    }
  });

  it('admits only the listed networks, IPv4-mapped IPv6 as its IPv4 address', () => {
    const policy = parseAllowedTargets('127.0.0.0/8, ::1/128, 127.255.0.9', lookup);
    assert.deepEqual(policy.networks, ['127.0.0.0/8', '::1/128', '127.255.0.9']);
    for (const ok of ['127.0.0.1', '127.10.1.11', '127.255.255.255', '::1', '::ffff:127.0.0.5'])
      assert.equal(policy.allows(ok), true, ok);
    for (const no of ['10.9.0.1', '192.168.1.1', '203.0.113.5', '0.0.0.0', '::2', '::ffff:10.0.0.1', 'localhost', ''])
      assert.equal(policy.allows(no), false, no);
  });

  it('refuses a malformed entry, naming the variable and the entry', () => {
    for (const bad of [
      '127.0.0.0/33',
      '::1/129',
      'localhost',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
      '10.0.0/8',
      '127.0.0.0/-1',
    ]) {
      assert.throws(
        () => parseAllowedTargets(bad),
        (error: Error) => error.message.startsWith(`BASTION_ALLOWED_TARGETS: "${bad}" is not a network in CIDR form`),
        bad,
      );
    }
  });

  it('a malformed list stops buildApp before the database is opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bastion-test-'));
    try {
      await assert.rejects(
        buildApp({ dbFile: join(dir, 'x.sqlite3'), allowedTargets: '127.0.0.0/33' }),
        /BASTION_ALLOWED_TARGETS/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('resolving a target against the list', () => {
  const policy = parseAllowedTargets('127.0.0.0/8', lookup);

  it('an IP literal is itself or refused', async () => {
    assert.equal(await resolveAllowed('127.20.1.5', policy), '127.20.1.5');
    await assert.rejects(
      resolveAllowed('198.51.100.7', policy),
      (error: Error) =>
        error instanceof TargetRefusedError &&
        error.message ===
          'Refused by the allow-list: 198.51.100.7 is outside the allowed target networks (127.0.0.0/8)',
    );
  });

  it('a name counts by what it resolves to: outside is refused, inside is reached at the checked address', async () => {
    assert.equal(await resolveAllowed('inside.test', policy), '127.0.0.1');
    assert.equal(await resolveAllowed('both.test', policy), '127.0.0.1', 'only the allowed address is ever used');
    await assert.rejects(
      resolveAllowed('outside.test', policy),
      /^TargetRefusedError: Refused by the allow-list: outside\.test \(resolves to 203\.0\.113\.5\) is outside the allowed target networks \(127\.0\.0\.0\/8\)$/,
    );
    await assert.rejects(resolveAllowed('nowhere.test', policy), /ENOTFOUND/);
  });
});

describe('the SSH layer checks before it connects (real sshd)', () => {
  let sshd: TestSshd;
  before(async () => {
    sshd = await startSshd();
  });
  after(async () => sshd?.stop());
  const policy = parseAllowedTargets('127.0.0.0/8', lookup);

  it('a name resolving inside is logged in to at its address; outside is refused with no socket', async (t) => {
    const spy = spyOnConnects(t);
    const login = { port: sshd.port, username: sshd.username, password: sshd.password };
    (await openSsh({ host: 'inside.test', ...login }, { timeoutMs: 5000, policy })).close();
    assert.deepEqual(spy.targets, [`127.0.0.1:${sshd.port}`], 'ssh2 connected to the checked address, not the name');

    spy.targets.length = 0;
    await assert.rejects(
      openSsh({ host: 'outside.test', ...login }, { timeoutMs: 5000, policy }),
      (error: Error) => error instanceof SshStepError && error.refused && error.step === 'target',
    );
    await assert.rejects(
      openSsh({ host: '127.0.0.1', ...login }, { timeoutMs: 5000, policy, gateway: { host: '203.0.113.5', ...login } }),
      (error: Error) =>
        error instanceof SshStepError &&
        error.refused &&
        error.step === 'gateway' &&
        /^Gateway: Refused by the allow-list/.test(error.message),
    );
    assert.deepEqual(spy.targets, [], 'nothing was connected for a refused target or gateway');
  });
});

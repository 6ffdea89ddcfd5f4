// An unknown username must cost what a wrong password costs (one scrypt either way), or response
// times tell which usernames exist. Medians of interleaved runs with a generous ratio: scrypt is
// ~20x the rest of the request, so the check cannot pass without the dummy hash.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { verifyPassword } from '../../../demo/server/core/lib/passwords.ts';
import { build } from '../helpers.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('unknown usernames and wrong passwords take the same time', async (t) => {
  const app = await build(t);
  app.bastion.settings.set('SECURITY_LOGIN_LIMIT_COUNT', 1000, 'security');
  const attempt = async (username: string) => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/auth/',
      payload: { username, password: 'wrong-password' },
    });
    assert.equal(response.statusCode, 400);
    return performance.now() - started;
  };
  await attempt('warm-up-unknown');
  await attempt('user');
  const unknown: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    unknown.push(await attempt(`nobody-${i}`));
    wrong.push(await attempt('user'));
  }
  const ratio = median(unknown) / median(wrong);
  assert.ok(
    ratio > 0.5 && ratio < 2,
    `unknown ${median(unknown).toFixed(1)} ms vs wrong password ${median(wrong).toFixed(1)} ms`,
  );
});

test('verifyPassword without a usable hash does the scrypt work and says no', async () => {
  for (const stored of [null, undefined, '', 'not-a-hash', 'scrypt$x$y']) {
    const started = performance.now();
    assert.equal(await verifyPassword('anything', stored), false);
    assert.ok(performance.now() - started > 1, `${String(stored)}: no scrypt was run`);
  }
});

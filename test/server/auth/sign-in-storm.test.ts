// A storm of sign-ins must not hold the server: password checks run off the event loop (scrypt on the
// thread pool, a bounded queue), other requests are answered meanwhile, and one address sending sign-ins
// without pause is told "busy" (429, Retry-After) instead of filling the queue, with nothing counted
// against the usernames it tried.
import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { test } from 'node:test';
import { performance } from 'node:perf_hooks';
import { SIGN_IN_BURST, takeSignIn } from '../../../demo/server/auth/login/sign-in-rate.ts';
import { PasswordCheckBusy, QUEUE_LIMIT, verifyPassword } from '../../../demo/server/core/lib/passwords.ts';
import { bearer, build, PASSWORD } from '../helpers.ts';

const signIn = (
  app: Awaited<ReturnType<typeof build>>,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
) =>
  app.inject({ method: 'POST', url: '/api/v1/authentication/auth/', payload: { username, password }, remoteAddress });

test('fifty sign-ins at once are checked off the event loop, which stays free for other requests', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  // The share of the time the loop was busy while the storm lasted: checked on the loop, fifty scrypts
  // keep it busy nearly all along; on the thread pool it mostly waits for them (timing-free: a ratio).
  const before = performance.eventLoopUtilization();
  const storm = Array.from({ length: 50 }, () => signIn(app, 'user', PASSWORD));
  const profile = await app.inject({ url: '/api/v1/users/profile/', headers });
  const answers = await Promise.all(storm);
  const busy = performance.eventLoopUtilization(before).utilization;
  assert.equal(profile.statusCode, 200);
  assert.deepEqual(
    answers.map((response) => response.statusCode),
    answers.map(() => 201),
  );
  console.log(`# event loop busy ${(busy * 100).toFixed(0)} % of the storm`);
  assert.ok(busy < 0.7, `the event loop was busy ${(busy * 100).toFixed(0)} % of the storm`);
});

test('one address past its burst is told busy (429), nothing counted against the names it tried', async (t) => {
  const app = await build(t);
  // The burst, spent as SIGN_IN_BURST sign-ins from that address would spend it (without their hashing time).
  for (let i = 0; i < SIGN_IN_BURST - 1; i += 1) assert.ok(takeSignIn(app.bastion, '127.0.0.77', app.clock.now()));
  assert.equal((await signIn(app, 'nobody', 'wrong', '127.0.0.77')).statusCode, 400);
  const refused = await signIn(app, 'user', PASSWORD, '127.0.0.77');
  assert.equal(refused.statusCode, 429);
  assert.equal(refused.headers['retry-after'], '2');
  assert.equal(refused.json().error, 'busy');
  assert.match(refused.json().msg, /Too many sign-ins|登录过多/);
  const failures = app.bastion.db.prepare("SELECT COUNT(*) FROM login_logs WHERE username = 'user'").pluck().get();
  assert.equal(failures, 0);
  // Another address is not held by the first; and the bucket refills with time.
  assert.equal((await signIn(app, 'user', PASSWORD, '127.0.0.78')).statusCode, 201);
  app.clock.advance(1000);
  assert.equal((await signIn(app, 'user', PASSWORD, '127.0.0.77')).statusCode, 201);
});

test("password checks past the queue's limit are refused at once as busy, the others all answered", async () => {
  // A cheap stored hash (N=1024) keeps the test short: the queue is what is under test.
  const salt = randomBytes(16);
  const stored = `scrypt$1024$${salt.toString('base64')}$${scryptSync('pw', salt, 32, { N: 1024 }).toString('base64')}`;
  const checks = Array.from({ length: QUEUE_LIMIT + 40 }, () =>
    verifyPassword('pw', stored).then(
      (ok) => (ok ? 'ok' : 'no'),
      (error: unknown) => (error instanceof PasswordCheckBusy ? 'busy' : String(error)),
    ),
  );
  const results = await Promise.all(checks);
  const busy = results.filter((result) => result === 'busy').length;
  assert.ok(busy > 0 && busy <= 40, `${busy} refused as busy`);
  assert.equal(results.filter((result) => result === 'ok').length, results.length - busy);
  // Once drained, the queue takes checks again.
  assert.equal(await verifyPassword('pw', stored), true);
});

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { migrations } from '../../../demo/server/core/db/migrations.ts';
import { buildApp } from '../../../demo/server/app.ts';
import { formatDateTime, parseDateTime } from '../../../demo/server/core/lib/time.ts';
import { bearer, build, PASSWORD } from '../helpers.ts';

test('/api/health/ answers without login with the unix time', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'GET', url: '/api/health/' });
  assert.deepEqual(response.json(), { status: 1, time: Math.floor(app.clock.now() / 1000) });
});

test('datetimes follow X-TZ; an invalid zone falls back to Asia/Shanghai', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const joined = async (tz?: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/users/profile/',
        headers: tz ? { ...headers, 'x-tz': tz } : headers,
      })
    ).json().date_joined;
  assert.equal(await joined(), '2024-01-15 16:30:00 +0800');
  assert.equal(await joined('UTC'), '2024-01-15 08:30:00 +0000');
  assert.equal(await joined('America/New_York'), '2024-01-15 03:30:00 -0500');
  assert.equal(await joined('Asia/Kolkata'), '2024-01-15 14:00:00 +0530');
  assert.equal(await joined('Mars/Olympus'), '2024-01-15 16:30:00 +0800');
});

test('datetime input accepts ISO-8601 and the output format', () => {
  assert.equal(parseDateTime('2020-09-16 19:55:18 +0800'), '2020-09-16T11:55:18.000Z');
  assert.equal(parseDateTime('2020-09-16T11:55:18Z'), '2020-09-16T11:55:18.000Z');
  assert.equal(parseDateTime('yesterday'), null);
  assert.equal(formatDateTime('2020-06-01T00:00:00Z', 'Europe/London'), '2020-06-01 01:00:00 +0100');
});

test('unknown API paths answer 404 {detail} in the caller language', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'GET', url: '/api/v1/nothing/', headers: { 'accept-language': 'en' } });
  assert.equal(response.statusCode, 404);
  assert.deepEqual(response.json(), { detail: 'Not found.' });
});

test('a restart keeps the data and does not seed again; admin can never be deleted', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-restart-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const dbFile = join(dir, 'db.sqlite3');
  const first = await buildApp({ dbFile, demoPassword: 'first-pass' });
  await first.inject({
    method: 'POST',
    url: '/api/v1/orgs/orgs/',
    headers: await bearer(first, 'admin', 'first-pass'),
    payload: { name: 'Kept' },
  });
  assert.throws(
    () => first.bastion.db.prepare("DELETE FROM users WHERE username = 'admin'").run(),
    /admin cannot be deleted/,
  );
  await first.close();
  const second = await buildApp({ dbFile, demoPassword: 'other' });
  t.after(() => second.close());
  const orgs = (
    await second.inject({
      method: 'GET',
      url: '/api/v1/orgs/orgs/',
      headers: await bearer(second, 'admin', 'first-pass'),
    })
  ).json();
  assert.deepEqual(
    orgs.map((o: { name: string }) => o.name),
    ['Engineering', 'Kept', 'Operations'],
  );
  assert.equal(
    second.bastion.db.prepare('SELECT COUNT(*) FROM migrations').pluck().get(),
    migrations.length,
    'each migration recorded once',
  );
  assert.equal(second.bastion.db.pragma('journal_mode', { simple: true }), 'wal');
});

test('seeded accounts: the six named roles, all with the demo password, newuser first-login only', async (t) => {
  const app = await build(t);
  const rows = app.bastion.db.prepare('SELECT username, role, is_first_login FROM users').all() as {
    username: string;
    role: string;
    is_first_login: number;
  }[];
  assert.ok(rows.length >= 14);
  assert.deepEqual(
    rows.filter((r) => r.is_first_login).map((r) => r.username),
    ['newuser'],
  );
  assert.deepEqual(
    rows.filter((r) => r.role !== 'User').map((r) => `${r.username}:${r.role}`),
    ['admin:Admin', 'sysauditor:Auditor'],
  );
  const stored = app.bastion.db
    .prepare("SELECT password_hash FROM users WHERE username = 'user'")
    .pluck()
    .get() as string;
  assert.ok(!stored.includes(PASSWORD) && stored.startsWith('scrypt$'));
  for (const username of ['admin', 'sysauditor', 'orgadmin', 'orgauditor', 'user', 'newuser'])
    await bearer(app, username);
});

test('/ui/ serves dist with cache headers; hashed chunks are immutable; no dist → 503 hint', async (t) => {
  const dist = mkdtempSync(join(tmpdir(), 'bastion-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'shared-B3xQ9_aZ.js'), 'export const x = 1;');
  writeFileSync(join(dist, 'bastion-settings.js'), 'import "./shared-B3xQ9_aZ.js";');
  mkdirSync(join(dist, 'shoelace', 'assets', 'icons'), { recursive: true });
  writeFileSync(join(dist, 'shoelace', 'assets', 'icons', 'person.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = await build(t, { distDir: dist });
  const index = await app.inject({ method: 'GET', url: '/ui/' });
  assert.equal(index.statusCode, 200);
  assert.ok(index.body.includes('<title>console</title>'));
  assert.equal(index.headers['cache-control'], 'no-store'); // it carries the caller's own profile (console-page.ts)
  const chunk = await app.inject({ method: 'GET', url: '/ui/shared-B3xQ9_aZ.js' });
  assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
  const entry = await app.inject({ method: 'GET', url: '/ui/bastion-settings.js' });
  assert.equal(entry.headers['cache-control'], 'no-cache');
  // Icons are cached for a day: revalidating each one on every load would delay the API calls.
  const icon = await app.inject({ method: 'GET', url: '/ui/shoelace/assets/icons/person.svg' });
  assert.equal(icon.headers['cache-control'], 'public, max-age=86400');
  const logo = await app.inject({ method: 'GET', url: '/static/img/logo.png' });
  assert.equal(logo.headers['content-type'], 'image/png');
  assert.deepEqual([...logo.rawPayload.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  const bare = await build(t, { distDir: join(dist, 'missing') });
  const missing = await bare.inject({ method: 'GET', url: '/ui/', headers: { 'accept-language': 'en' } });
  assert.equal(missing.statusCode, 503);
  assert.match(missing.body, /run npm run build/);
});

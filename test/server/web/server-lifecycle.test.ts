// The server's start and stop: planner statistics kept by `PRAGMA optimize`, the embed host page.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { buildApp } from '../../../demo/server/app.ts';
import { bearer, build, PASSWORD } from '../helpers.ts';

test('a server that ran queries leaves planner statistics (sqlite_stat1) in its file when it closes', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-optimize-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'db.sqlite3');
  const app = await buildApp({ dbFile: file, demoPassword: PASSWORD });
  const headers = await bearer(app, 'admin');
  const list = await app.inject({ method: 'GET', url: '/api/v1/assets/assets/?limit=5&search=web', headers });
  assert.equal(list.statusCode, 200);
  await app.close();
  assert.equal(app.bastion.db.open, false, 'closing the app closes the database');

  const db = new Database(file, { readonly: true });
  try {
    const stats = db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'").pluck().get();
    assert.equal(stats, 1, 'PRAGMA optimize ran ANALYZE');
    const analysed = db.prepare('SELECT DISTINCT tbl FROM sqlite_stat1').pluck().all() as string[];
    assert.ok(analysed.includes('assets'), `analysed tables: ${analysed.join(', ')}`);
  } finally {
    db.close();
  }
});

test('/embed.html is the plain host page that embeds <bastion-asset-list>, not cached', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'GET', url: '/embed.html' });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/html/);
  assert.equal(response.headers['cache-control'], 'no-cache');
  assert.match(response.body, /<bastion-asset-list[\s>]/);
});

test('/embed.html preloads the chunks the element entry imports statically, not its lazy ones', async (t) => {
  const dist = mkdtempSync(join(tmpdir(), 'bastion-embed-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(
    join(dist, 'bastion-asset-list.js'),
    'import{a as b}from"./define-AbC123.js";import"./shared-x_1.js";const l=()=>import("./lazy-Z9.js");',
  );
  const app = await build(t, { distDir: dist });
  const body = (await app.inject({ method: 'GET', url: '/embed.html' })).body;
  const preloaded = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(preloaded, ['/ui/define-AbC123.js', '/ui/shared-x_1.js']);
  assert.ok(
    body.indexOf('modulepreload') < body.indexOf('<script type="module"'),
    'links come before the entry script',
  );
});

// Compression: the console's files as pre-compressed at build time, chosen by Accept-Encoding; API
// JSON and CSV exports compressed on the fly above a threshold; small answers left as they are.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFile } from '../../../scripts/build/precompress.mjs';
import { build, loginSession } from '../helpers.ts';

const CHUNK = 'define-B3xQ9_aZ.js';

test('console files go out as their build-time brotli or gzip copy, hashed chunks immutable', async (t) => {
  const dist = mkdtempSync(join(tmpdir(), 'bastion-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  const source = `export const labels = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `label number ${i}`))};\n`;
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head></html>');
  writeFileSync(join(dist, CHUNK), source);
  mkdirSync(join(dist, 'shoelace', 'assets', 'icons'), { recursive: true });
  await precompressFile(dist, CHUNK);
  assert.ok(existsSync(join(dist, `${CHUNK}.br`)) && existsSync(join(dist, `${CHUNK}.gz`)));

  const app = await build(t, { distDir: dist });
  const url = `/ui/${CHUNK}`;
  const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(br.rawPayload).toString(), source);
  assert.ok(br.rawPayload.length < source.length / 4, `${br.rawPayload.length} bytes sent for ${source.length}`);
  assert.match(String(br.headers['content-type']), /javascript/);
  assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(String(br.headers.vary), /accept-encoding/i);

  const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.rawPayload).toString(), source);

  const plain = await app.inject({ method: 'GET', url });
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body, source);
});

test('API JSON and CSV exports are compressed above the threshold; small answers are not', async (t) => {
  const app = await build(t);
  const session = await loginSession(app, 'admin');
  const accept = { ...session.headers, 'accept-encoding': 'br, gzip' };

  const list = await app.inject({ method: 'GET', url: '/api/v1/users/users/?limit=50&offset=0', headers: accept });
  const plainList = await app.inject({
    method: 'GET',
    url: '/api/v1/users/users/?limit=50&offset=0',
    headers: session.headers,
  });
  assert.equal(list.headers['content-encoding'], 'br');
  assert.deepEqual(JSON.parse(brotliDecompressSync(list.rawPayload).toString()), plainList.json());
  assert.ok(list.rawPayload.length < plainList.rawPayload.length / 2);

  const csv = await app.inject({
    method: 'GET',
    url: '/api/v1/users/users/?format=csv',
    headers: { ...session.headers, 'accept-encoding': 'gzip' },
  });
  const plainCsv = await app.inject({
    method: 'GET',
    url: '/api/v1/users/users/?format=csv',
    headers: session.headers,
  });
  assert.equal(csv.statusCode, 200);
  assert.equal(csv.headers['content-encoding'], 'gzip');
  assert.equal(csv.headers['content-disposition'], plainCsv.headers['content-disposition']);
  assert.match(String(csv.headers['content-disposition']), /^attachment; filename=/);
  assert.equal(gunzipSync(csv.rawPayload).toString(), plainCsv.body);

  const health = await app.inject({ method: 'GET', url: '/api/health/', headers: { 'accept-encoding': 'br, gzip' } });
  assert.equal(health.headers['content-encoding'], undefined);
  assert.equal(health.json().status, 1);
});

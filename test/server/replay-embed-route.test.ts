// /embed-replay.html: the demo host page of <bastion-session-replay>, served under the strict CSP with
// its script as a file, preloading the element's static chunks only.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { build } from './helpers.ts';

test('/embed-replay.html holds the element, no inline script, and preloads the entry\'s static chunks', async (t) => {
  const dist = mkdtempSync(join(tmpdir(), 'bastion-replay-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(join(dist, 'bastion-session-replay.js'), 'import { a } from "./shared-AbC1.js";\nconst p = () => import("./ReplayPlayer-XyZ2.js");\n');
  const app = await build(t, { distDir: dist });
  const page = await app.inject({ method: 'GET', url: '/embed-replay.html' });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
  assert.equal(page.headers['cache-control'], 'no-cache');
  assert.match(page.body, /<bastion-session-replay><\/bastion-session-replay>/);
  assert.match(page.body, /<link rel="modulepreload" href="\/ui\/shared-AbC1.js">/);
  assert.doesNotMatch(page.body, /ReplayPlayer-XyZ2/, 'the lazy player chunk is not preloaded');
  for (const [, attributes] of page.body.matchAll(/<script\b([^>]*)>/g)) assert.match(attributes, /\bsrc=/);
  const script = await app.inject({ method: 'GET', url: '/embed-replay.js' });
  assert.equal(script.statusCode, 200);
  assert.match(String(script.headers['content-type']), /^text\/javascript/);
  assert.match(script.body, /replay-ready/);
});

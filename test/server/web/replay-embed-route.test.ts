// /embed-replay.html: the demo host page of <bastion-session-replay>, served under the strict CSP with
// its script as a file, preloading the element's static chunks and the player it loads at once (not the
// snapshots' headless terminal, needed only after the first frame).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { build } from '../helpers.ts';

test("/embed-replay.html holds the element, no inline script, and preloads the entry's chunks and the player's", async (t) => {
  const dist = mkdtempSync(join(tmpdir(), 'bastion-replay-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(
    join(dist, 'bastion-session-replay.js'),
    'import { a } from "./shared-AbC1.js";\nconst p = () => import("./ReplayPlayer-XyZ2ab-c.js");\n',
  );
  writeFileSync(
    join(dist, 'ReplayPlayer-XyZ2ab-c.js'),
    'import{a}from"./shared-AbC1.js";import{d}from"./datetime-Dd1_2345.js";' +
      'const x=()=>import("./xterm-Tt1_2345.js"),h=()=>import("./xterm-headless-Hh1_2345.js"),s=()=>import("./addon-serialize-Ss1_2345.js");\n',
  );
  writeFileSync(join(dist, 'xterm-Tt1_2345.js'), 'export const T = 1;\n');
  const app = await build(t, { distDir: dist });
  const page = await app.inject({ method: 'GET', url: '/embed-replay.html' });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
  assert.equal(page.headers['cache-control'], 'no-cache');
  assert.match(page.body, /<bastion-session-replay><\/bastion-session-replay>/);
  assert.match(page.body, /<link rel="modulepreload" href="\/ui\/shared-AbC1.js">/);
  const preloaded = [...page.body.matchAll(/<link rel="modulepreload" href="\/ui\/([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(preloaded.sort(), [
    'ReplayPlayer-XyZ2ab-c.js',
    'datetime-Dd1_2345.js',
    'shared-AbC1.js',
    'xterm-Tt1_2345.js',
  ]);
  for (const [, attributes] of page.body.matchAll(/<script\b([^>]*)>/g)) assert.match(attributes, /\bsrc=/);
  const script = await app.inject({ method: 'GET', url: '/embed-replay.js' });
  assert.equal(script.statusCode, 200);
  assert.match(String(script.headers['content-type']), /^text\/javascript/);
  assert.match(script.body, /replay-ready/);
});

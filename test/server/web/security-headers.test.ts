// Security headers on every kind of response: API JSON, a console file, the login page, a 404.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { TestContext } from 'node:test';
import { parseFrameAncestors } from '../../../demo/server/web/security-headers.ts';
import { build, loginSession } from '../helpers.ts';

function tempDist(t: TestContext): string {
  const dist = mkdtempSync(join(tmpdir(), 'bastion-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./bastion-console.js"></script></head></html>',
  );
  writeFileSync(join(dist, 'bastion-console.js'), 'export {};');
  return dist;
}

/** The CSP as a map of directive → its sources. */
function csp(header: unknown): Map<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

test('API, console file, login page, embed page and 404 all carry the security headers', async (t) => {
  const app = await build(t, { distDir: tempDist(t) });
  const session = await loginSession(app, 'admin');
  const responses = {
    api: await app.inject({ method: 'GET', url: '/api/v1/users/users/', headers: session.headers }),
    anonymousApi: await app.inject({ method: 'GET', url: '/api/v1/users/profile/' }),
    page: await app.inject({ method: 'GET', url: '/ui/', headers: session.headers }),
    file: await app.inject({ method: 'GET', url: '/ui/bastion-console.js' }),
    login: await app.inject({ method: 'GET', url: '/core/auth/login/' }),
    embed: await app.inject({ method: 'GET', url: '/embed.html' }),
    missing: await app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' }),
  };
  for (const [name, response] of Object.entries(responses)) {
    assert.equal(response.headers['x-content-type-options'], 'nosniff', name);
    assert.equal(response.headers['referrer-policy'], 'same-origin', name);
    assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN', name);
    const policy = csp(response.headers['content-security-policy']);
    assert.deepEqual(
      policy.get('script-src'),
      ["'self'"],
      `${name}: scripts only from this origin, nothing inline or eval'd`,
    );
    assert.deepEqual(policy.get('script-src-attr'), ["'none'"], name);
    assert.deepEqual(policy.get('frame-ancestors'), ["'self'"], name);
    assert.deepEqual(policy.get('object-src'), ["'none'"], name);
    assert.deepEqual(policy.get('style-src-attr'), ["'none'"], name);
    assert.equal(policy.has('upgrade-insecure-requests'), false, `${name}: the server may run on plain HTTP`);
    // COOP would cost a renderer process start on every cold console load (security-headers.ts).
    assert.equal(response.headers['cross-origin-opener-policy'], undefined, name);
  }
  assert.equal(responses.api.statusCode, 200);
  assert.equal(responses.missing.statusCode, 404);
});

test('the login and embed pages hold no inline script', async (t) => {
  const app = await build(t, { distDir: tempDist(t) });
  for (const url of ['/core/auth/login/', '/embed.html']) {
    const html = (await app.inject({ method: 'GET', url })).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attributes, body] of scripts) {
      assert.ok(
        /\bsrc=/.test(attributes) || /type="application\/json"/.test(attributes),
        `${url}: inline script ${body.slice(0, 40)}`,
      );
    }
    assert.doesNotMatch(html, /\son[a-z]+=/i, `${url}: no inline event handler`);
  }
  const events = await app.inject({ method: 'GET', url: '/embed-events.js' });
  assert.equal(events.statusCode, 200);
  assert.match(String(events.headers['content-type']), /^text\/javascript/);
  assert.match(events.body, /asset-select/);
});

test('BASTION_FRAME_ANCESTORS lets a portal frame the console; nonsense stops the server', async (t) => {
  const frameAncestors = parseFrameAncestors("'self' https://portal.example.com");
  const app = await build(t, { frameAncestors });
  const response = await app.inject({ method: 'GET', url: '/core/auth/login/' });
  assert.deepEqual(csp(response.headers['content-security-policy']).get('frame-ancestors'), [
    "'self'",
    'https://portal.example.com',
  ]);
  // X-Frame-Options cannot name a portal; left out, browsers follow frame-ancestors.
  assert.equal(response.headers['x-frame-options'], undefined);

  assert.deepEqual(parseFrameAncestors(undefined), ["'self'"]);
  assert.deepEqual(parseFrameAncestors('  '), ["'self'"]);
  assert.deepEqual(parseFrameAncestors("'none'"), ["'none'"]);
  assert.deepEqual(parseFrameAncestors('https://*.corp.example:8443 http://127.1.2.3'), [
    'https://*.corp.example:8443',
    'http://127.1.2.3',
  ]);
  for (const bad of [
    "https://a.example; script-src 'unsafe-inline'",
    'https://a.example,https://b.example',
    "'unsafe-inline'",
  ]) {
    assert.throws(() => parseFrameAncestors(bad), /BASTION_FRAME_ANCESTORS/, bad);
  }
});

// GET /ui/: the console's page carries the caller's own bootstrap data (public settings, profile),
// never stored by a cache, and an empty-handed visitor gets only the public part.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { jsonForScript } from '../../../demo/server/web/console-page.ts';
import { build, loginSession, orgId } from '../helpers.ts';

const PAGE =
  '<!doctype html>\n<html>\n<head>\n  <script type="module" src="./bastion-console.js"></script>\n</head>\n<body><bastion-console></bastion-console></body>\n</html>\n';

async function app(t: TestContext): Promise<FastifyInstance> {
  const dist = mkdtempSync(join(tmpdir(), 'bastion-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(join(dist, 'index.html'), PAGE);
  return build(t, { distDir: dist });
}

/** The JSON of the page's `<script type="application/json" id="bastion-bootstrap">` block. */
function bootstrapOf(html: string): Record<string, any> {
  const match = /<script type="application\/json" id="bastion-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(match, 'the bootstrap block');
  return JSON.parse(match[1]);
}

test('a signed-in caller gets their own profile and the public settings, as the API answers them', async (t) => {
  const server = await app(t);
  for (const username of ['admin', 'user']) {
    const session = await loginSession(server, username);
    const page = await server.inject({
      method: 'GET',
      url: '/ui/',
      headers: { cookie: `${session.cookie}; django_language=en`, 'accept-language': 'zh-CN' },
    });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const data = bootstrapOf(page.body);
    const api = (url: string) =>
      server
        .inject({ method: 'GET', url, headers: { ...session.headers, 'accept-language': 'en' } })
        .then((r) => r.json());
    assert.deepEqual(data.profile, await api('/api/v1/users/profile/'));
    assert.equal(data.profile.username, username);
    assert.deepEqual(data.publicSettings, (await api('/api/v1/settings/public/')).data);
    assert.deepEqual([data.org, data.lang, data.tz], [null, 'en', 'Asia/Shanghai']);
    assert.equal(data.profile.role_display, username === 'admin' ? 'System administrator' : 'User');
    // The console's module script is untouched; it runs once the page is parsed, data block included.
    assert.ok(page.body.includes('<script type="module" src="./bastion-console.js"></script>'));
  }
});

test('the profile is built in the org the console will ask in (its jms_current_org cookie)', async (t) => {
  const server = await app(t);
  const session = await loginSession(server, 'orgadmin');
  const engineering = orgId(server, 'Engineering');
  const saved = encodeURIComponent(JSON.stringify({ id: engineering, name: 'Engineering' }));
  const page = await server.inject({
    method: 'GET',
    url: '/ui/',
    headers: { cookie: `${session.cookie}; jms_current_org=${saved}` },
  });
  const data = bootstrapOf(page.body);
  assert.equal(data.org, engineering);
  const inOrg = await server.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { ...session.headers, 'x-jms-org': engineering },
  });
  assert.deepEqual(data.profile.current_org_roles, inOrg.json().current_org_roles);
  assert.ok(data.profile.current_org_roles.length > 0);
});

test("without a language cookie the profile is in Chinese, the console's language, whatever the browser says", async (t) => {
  const server = await app(t);
  const session = await loginSession(server, 'admin');
  const page = await server.inject({
    method: 'GET',
    url: '/ui/',
    headers: { cookie: session.cookie, 'accept-language': 'en-US,en;q=0.9' },
  });
  const data = bootstrapOf(page.body);
  assert.equal(data.lang, 'zh');
  const api = await server.inject({
    method: 'GET',
    url: '/api/v1/users/profile/',
    headers: { ...session.headers, 'accept-language': 'zh-hans' },
  });
  assert.deepEqual(data.profile, api.json());
});

test('without a session the page holds only the public settings', async (t) => {
  const server = await app(t);
  const data = bootstrapOf((await server.inject({ method: 'GET', url: '/ui/' })).body);
  assert.deepEqual(Object.keys(data), ['publicSettings']);
  const forged = bootstrapOf(
    (await server.inject({ method: 'GET', url: '/ui/index.html', headers: { cookie: 'sessionid=not-a-session' } }))
      .body,
  );
  assert.equal(forged.profile, undefined);
});

test('data is escaped so it can never close its script element', async (t) => {
  assert.equal(
    jsonForScript({ name: '</script><script>alert(1)</script>' }),
    '{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
  );
  const server = await app(t);
  const session = await loginSession(server, 'user');
  const patch = await server.inject({
    method: 'PATCH',
    url: '/api/v1/users/profile/',
    headers: session.headers,
    payload: { comment: '</script><!-- x' },
  });
  assert.equal(patch.statusCode, 200);
  const page = await server.inject({ method: 'GET', url: '/ui/', headers: { cookie: session.cookie } });
  assert.equal(bootstrapOf(page.body).profile.comment, '</script><!-- x');
  assert.equal(page.body.match(/<\/script>/g)?.length, 2); // the data block's and the module script's own
});

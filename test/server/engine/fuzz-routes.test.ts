// Fuzz suite over every route the app registers beyond the definitions' own list and detail routes
// (asset extras, node tree, user actions, settings, profile, spm, tasks, auth): the route table comes
// from the app itself (web/route-table.ts), so a new route is fuzzed without being listed here.
// Path ids are real objects of the caller's org, so the handlers get past their 404 and meet the body.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResourceDef, Row } from '../../../demo/server/engine/types.ts';
import { cmdFilterRulesResource } from '../../../demo/server/assets/resources/cmd-filter-rules.ts';
import { cmdFiltersResource } from '../../../demo/server/assets/resources/cmd-filters.ts';
import { RESOURCES } from '../../../demo/server/resources.ts';
import { platformsResource } from '../../../demo/server/assets/resources/platforms.ts';
import { routeTable } from '../../../demo/server/web/route-table.ts';
import { fixture } from './contract-helpers.ts';
import { ANY_FIELD, BODIES, checksumOf } from './fuzz-corpus.ts';

/** Tables a read or a login may legitimately write (sessions, counters, caches, task records; the login form
 * keeps its RSA key in a sign-in flow and draws a new captcha each time it is shown, refused or not). */
const VOLATILE =
  /^(migrations|sessions|bearer_tokens|login_failures|login_logs|login_flows|captchas|captcha_ips|resource_caches|mail_outbox|celery_tasks|celery_task_logs|sqlite_.*|.*_fts.*)$/;
/** Keys tried in bodies of routes that have no GET to learn their keys from. */
const BODY_KEYS = [
  'id',
  'value',
  'nodes',
  'assets',
  'resources',
  'action',
  'password',
  'new_password',
  'new_password_again',
  'old_password',
  'public_key',
  'username',
];
const QUERIES = [
  'limit=99999999999999999999&offset=-3',
  `search=${Array.from({ length: 3_000 }, (_, i) => `w${i}`).join('%20')}`,
  'id=a&id=b',
  'key=1:2:3&key=x',
  'all=1&all=0',
  'assets=1&assets=x',
  'node_id=%00',
  `spm=${'x'.repeat(3_000)}`,
  'ids=,,,',
];

test('every extra route survives hostile queries, ids and bodies without a 5xx or a write on refusal', async (t) => {
  const f = await fixture(t, RESOURCES[0]);
  const db = f.app.bastion.db;
  // One real object per definition, keyed by the URL prefix its id follows.
  const idAfter = new Map<string, string>();
  const make = async (def: ResourceDef, url = def.url) => {
    const body = def.sample({ db, orgId: f.eng, seq: idAfter.size + 1 }).create[0];
    const response = await f.call('POST', url, body);
    if (response.statusCode === 201) idAfter.set(def.url, String((response.json() as Row).id));
  };
  for (const def of [...RESOURCES, platformsResource]) await make(def);
  const filterId = idAfter.get(cmdFiltersResource.url)!;
  await make(cmdFilterRulesResource, cmdFilterRulesResource.url.replace(':filter_id', filterId));
  await f.call('GET', '/api/v1/assets/nodes/tree/');

  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).filter(
    (name) => !VOLATILE.test(name),
  );
  const checksum = checksumOf(db, () => tables);
  const own = new Set(
    [...RESOURCES, platformsResource, cmdFilterRulesResource].flatMap((def) => [def.url, `${def.url}:id/`]),
  );
  const failures: string[] = [];
  const probe = async (method: string, url: string, payload?: string) => {
    const before = method === 'GET' ? '' : checksum();
    const response = await f.call(method as 'GET', url, payload, { headers: { 'content-type': 'application/json' } });
    const what = `${method} ${url.slice(0, 90)} ${payload?.slice(0, 40) ?? ''}`;
    if (response.statusCode >= 500)
      failures.push(`${what} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    else if (method !== 'GET' && response.statusCode >= 400 && checksum() !== before)
      failures.push(`${what} was refused (${response.statusCode}) but wrote`);
    return response;
  };

  for (const route of routeTable(f.app)) {
    // Logging out would end the caller's own session halfway through the run.
    if (
      own.has(route.url) ||
      route.url.startsWith('/ui') ||
      route.url.startsWith('/static/') ||
      route.url === '/core/auth/logout/' ||
      route.url === '/core/auth/profile/otp/settings-success/'
    )
      continue;
    const real = fillParams(route.url, idAfter);
    const unknown = fillParams(route.url, new Map());
    for (const method of route.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
      if (method === 'GET' || method === 'DELETE') {
        for (const query of QUERIES) await probe(method, `${real}?${query}`);
        if (unknown !== real) await probe(method, unknown);
        continue;
      }
      for (const body of BODIES) await probe(method, real, body.payload);
      if (unknown !== real) await probe(method, unknown, '{}');
      for (const body of await hostileBodies(real, route.methods.includes('GET'))) await probe(method, real, body);
    }
  }
  assert.deepEqual(failures, [], `${failures.length} failures`);

  /**
   * Bodies with one hostile value per key: the keys its GET answers, else BODY_KEYS. A group of keys
   * (settings) gets the value in every key of the group at once, which its validation reports together.
   */
  async function hostileBodies(url: string, readable: boolean): Promise<string[]> {
    const response = readable ? await f.call('GET', url) : null;
    const shown = response?.headers['content-type']?.toString().includes('json') ? (response.json() as unknown) : null;
    const keys =
      shown && typeof shown === 'object' && !Array.isArray(shown)
        ? Object.entries(shown as Row)
        : BODY_KEYS.map((key) => [key, null] as const);
    return keys.flatMap(([key, inner]) =>
      ANY_FIELD.map((value) =>
        JSON.stringify(
          inner && typeof inner === 'object' && !Array.isArray(inner)
            ? { [key]: Object.fromEntries(Object.keys(inner).map((name) => [name, value])) }
            : { [key]: value },
        ),
      ),
    );
  }
});

/** The route's URL with each `:param` replaced by the id of the object whose list URL precedes it. */
function fillParams(pattern: string, idAfter: Map<string, string>, fallback = 'not-a-uuid'): string {
  const parts = pattern.split('/');
  const byName: Record<string, string> = {
    asset_id: '/api/v1/assets/assets/',
    filter_id: '/api/v1/assets/cmd-filters/',
    user_id: '/api/v1/users/users/',
    group_id: '/api/v1/users/groups/',
    node_id: '/api/v1/assets/nodes/',
  };
  return parts
    .map((part, i) => {
      if (!part.startsWith(':')) return part;
      const name = part.slice(1);
      const prefix = byName[name] ?? `${parts.slice(0, i).join('/')}/`;
      return idAfter.get(prefix) ?? fallback;
    })
    .join('/');
}

// The terminal API is mostly answered to terminals (App accounts), which the sweep above (as admin) only
// meets at the permission check: here every terminal route is driven as a registered terminal, with real
// session ids, hostile queries and bodies; nothing may answer 5xx or write when it refuses.
test('terminal routes survive hostile queries and bodies sent by a terminal', async (t) => {
  const { buildTerminalApp, registerTerminal } = await import('../terminal-helpers.ts');
  const app = await buildTerminalApp(t);
  const term = await registerTerminal(app);
  const db = app.bastion.db;
  const session = '5e55e55e-1111-4222-8333-444455556666';
  const { openSession } = await import('../support/terminal-records.ts');
  await openSession(term, '', { id: session });
  const tables = () =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).filter(
      (name) => !VOLATILE.test(name),
    );
  const checksum = checksumOf(db, tables);
  const failures: string[] = [];
  const probe = async (method: string, url: string, payload?: string, contentType = 'application/json') => {
    const before = method === 'GET' ? '' : checksum();
    const response = await term.call(
      method as 'GET',
      url,
      payload,
      payload === undefined ? {} : { 'content-type': contentType },
    );
    const what = `${method} ${url.slice(0, 90)} ${payload?.slice(0, 40) ?? ''}`;
    if (response.statusCode >= 500)
      failures.push(`${what} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    else if (method !== 'GET' && response.statusCode >= 400 && checksum() !== before)
      failures.push(`${what} was refused (${response.statusCode}) but wrote`);
  };
  const routes = routeTable(app).filter((route) =>
    /^\/api\/v(1\/terminal|2\/terminal|1\/users\/connection-token|1\/authentication\/connection-token|1\/authentication\/tokens)\//.test(
      route.url,
    ),
  );
  assert.ok(routes.length >= 10, `found ${routes.length} terminal routes`);
  const keys = [
    'id',
    'sessions',
    'session_online',
    'cpu_load',
    'is_finished',
    'user',
    'asset',
    'system_user',
    'input',
    'output',
    'session',
    'risk_level',
    'org_id',
    'timestamp',
    'username',
    'password',
    'public_key',
    'remote_addr',
    'user_id',
    'session_id',
    'token',
    'name',
    'comment',
  ];
  const queries = [
    ...QUERIES,
    'date_from=x&date_to=%00',
    'input=%22%27*',
    `user=${'z'.repeat(300)}`,
    'risk_level=-1',
    'token=%00',
  ];
  for (const route of routes) {
    const url = route.url.replace(':id', session);
    for (const method of route.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
      if (method === 'GET' || method === 'DELETE') {
        for (const query of queries) await probe(method, `${url}?${query}`);
        continue;
      }
      for (const body of BODIES) await probe(method, url, body.payload);
      for (const key of keys) for (const value of ANY_FIELD) await probe(method, url, JSON.stringify({ [key]: value }));
      for (const value of ANY_FIELD)
        await probe(method, url, JSON.stringify([{ input: value, session: value, timestamp: value }]));
      await probe(
        method,
        url,
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a cast\r\n--x--\r\n',
        'multipart/form-data; boundary=x',
      );
      await probe(method, url, 'garbage', 'multipart/form-data; boundary=');
    }
  }
  assert.deepEqual(failures, [], `${failures.length} failures`);
});

// The portal routes (portal/): the back end's token endpoint driven by a super admin's access key (the
// sweep above meets it only at its 403), and the authorization server at /oidc/ with hostile queries,
// form and JSON bodies, ids and bearer tokens. Nothing may answer 5xx, and a refused call writes nothing.
test('portal routes survive hostile queries, bodies and tokens', async (t) => {
  const { issuePrivateToken } = await import('../../../demo/server/core/auth/private-token.ts');
  const { savePortalClient } = await import('../../../demo/server/portal/clients.ts');
  const { build, userId } = await import('../helpers.ts');
  const portal = 'http://127.0.0.2:8081';
  const app = await build(t, { corsOrigins: [portal], publicOrigin: 'http://127.0.0.1:8080' });
  const db = app.bastion.db;
  savePortalClient(db, { clientId: 'fuzz-portal', name: 'Fuzz', redirectUris: [`${portal}/cb`] }, app.clock.now());
  const key = issuePrivateToken(db, userId(app, 'admin'), app.clock.now());
  const tables = () =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).filter(
      (name) => !VOLATILE.test(name) && name !== 'oauth_entries',
    );
  const checksum = checksumOf(db, tables);
  const failures: string[] = [];
  const probe = async (method: string, url: string, payload?: string, headers: Record<string, string> = {}) => {
    const before = method === 'GET' ? '' : checksum();
    const response = await app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: { origin: portal, ...headers },
    });
    const what = `${method} ${url.slice(0, 90)} ${payload?.slice(0, 40) ?? ''}`;
    if (response.statusCode >= 500)
      failures.push(`${what} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    else if (method !== 'GET' && response.statusCode >= 400 && checksum() !== before)
      failures.push(`${what} was refused (${response.statusCode}) but wrote`);
  };
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const signed = { authorization: `Token ${key}` };
  const tokens = '/api/v1/authentication/portal-tokens/';
  for (const body of BODIES) await probe('POST', tokens, body.payload, { ...json, ...signed });
  for (const name of ['client_id', 'username']) {
    for (const value of ANY_FIELD)
      await probe('POST', tokens, JSON.stringify({ client_id: 'fuzz-portal', username: 'user', [name]: value }), {
        ...json,
        ...signed,
      });
  }
  const oidcQueries = [
    ...QUERIES,
    'client_id=fuzz-portal&response_type=code&redirect_uri=%00&code_challenge=x&code_challenge_method=plain',
    `client_id=${'x'.repeat(3_000)}&response_type=code`,
    'client_id=fuzz-portal&response_type=token&scope=%00',
    'request=a.b.c&client_id=fuzz-portal',
    'client_id[]=a&client_id[]=b',
    'client_id=fuzz-portal&client_id=other&response_type=code',
  ];
  for (const path of [
    '/oidc/auth',
    '/oidc/auth/not-a-uid',
    '/oidc/interaction/not-a-uid',
    '/oidc/.well-known/openid-configuration',
    '/oidc/jwks',
    '/oidc/me',
    '/oidc/session/end',
    '/oidc/../api/v1/users/',
    '/oidc',
  ]) {
    for (const query of oidcQueries) await probe('GET', `${path}?${query}`);
  }
  for (const path of ['/oidc/token', '/oidc/token/revocation', '/oidc/auth', '/oidc/me']) {
    for (const body of BODIES) await probe('POST', path, body.payload, json);
    for (const body of [
      'grant_type=authorization_code&code=%00&client_id=fuzz-portal&code_verifier=x',
      'grant_type=x'.repeat(10_000),
      'token=a&token=b&client_id=fuzz-portal',
      'grant_type=refresh_token&refresh_token=x&client_id=fuzz-portal',
      '%%%',
      'client_id=fuzz-portal&client_assertion=a.b.c',
    ]) {
      await probe('POST', path, body, form);
    }
  }
  for (const token of ['', 'x', 'a'.repeat(5_000), '%00', 'Bearer', 'e30.e30.e30']) {
    await probe('GET', '/api/v1/users/profile/', undefined, { authorization: `Bearer ${token}` });
    await probe('POST', '/api/v1/assets/assets/', '{}', { ...json, authorization: `Bearer ${token}` });
  }
  assert.deepEqual(failures, [], `${failures.length} failures`);
});

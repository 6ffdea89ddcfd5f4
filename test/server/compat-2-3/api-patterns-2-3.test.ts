// JumpServer 2.3.1's 275 API URL patterns (fixtures/jumpserver-2.3.1-api-patterns.json: each pattern as its
// url confs register it — routers' list and detail routes, @action routes, path() views — with the methods
// its view class takes and its permission class, read from the v2.3.1 tag) against this server's routes:
// every pattern is served, OPTIONS answers on each as 2.3's does, and every method 2.3 takes is taken here
// unless it is one of the deviations below, each with its reason (README, "With your JumpServer 2.3").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { methodsFor } from '../../../demo/server/web/route-table.ts';
import { bearer, build, orgId } from '../helpers.ts';

interface Pattern {
  path: string;
  methods: string[];
  permission: string;
  read?: string;
  create?: string;
  view: string;
}
export const PATTERNS: Pattern[] = JSON.parse(
  readFileSync(new URL('../fixtures/jumpserver-2.3.1-api-patterns.json', import.meta.url), 'utf8'),
);

const RELATION = /-relations?\/(:pk\/)?$/;
/** Methods 2.3 takes that this server refuses on purpose, by pattern (or pattern test) → the reason. */
const DEVIATIONS: [RegExp | string, string[], string][] = [
  [RELATION, ['PUT', 'PATCH'], 'relation rows are added and removed, never edited'],
  [
    '/api/v1/assets/asset-users/',
    ['PUT', 'PATCH', 'DELETE'],
    'auth-book versions are added (POST); a list-wide rewrite or delete is refused',
  ],
  ['/api/v1/assets/asset-users/:pk/', ['PUT', 'PATCH'], 'auth-book versions are added (POST), not edited'],
  ['/api/v1/assets/asset-user-auth-infos/', ['POST'], 'read-only: secrets are given out, never written there'],
  ['/api/v1/assets/gathered-users/', ['POST'], 'gathered users come from the gathering task only'],
  ['/api/v1/assets/gathered-users/:pk/', ['PUT', 'PATCH'], 'gathered users come from the gathering task only'],
  ['/api/v1/assets/favorite-assets/', ['PUT', 'PATCH'], 'a favourite is added or removed'],
  ['/api/v1/assets/favorite-assets/:pk/', ['PUT', 'PATCH'], 'a favourite is added or removed'],
  [
    '/api/v1/terminal/sessions/',
    ['PUT', 'PATCH'],
    'records are written once: only the finish changes a session, one at a time',
  ],
  ['/api/v1/terminal/terminals/:terminal/sessions/', ['PUT', 'PATCH', 'DELETE'], 'records are written once'],
  ['/api/v1/terminal/commands/:pk/', ['PUT', 'PATCH'], 'records are written once'],
  ['/api/v1/terminal/status/:pk/', ['PUT', 'PATCH', 'DELETE'], "a heartbeat is the terminal's own report"],
  [
    '/api/v1/terminal/terminals/:terminal/status/:pk/',
    ['PUT', 'PATCH', 'DELETE'],
    "a heartbeat is the terminal's own report",
  ],
  ['/api/v1/ops/tasks/', ['POST'], 'tasks are recorded by the task runner only'],
  ['/api/v1/ops/tasks/:pk/', ['PUT', 'PATCH'], 'tasks are recorded by the task runner only'],
  ['/api/v1/ops/adhoc/', ['POST'], 'versions are recorded by the task runner only'],
  [
    '/api/v1/ops/adhoc/:pk/',
    ['PUT', 'PATCH', 'DELETE'],
    'versions are recorded by the task runner only (they go with their task)',
  ],
  ['/api/v1/ops/adhoc-executions/', ['POST'], 'runs are recorded by the task runner only'],
  ['/api/v1/ops/adhoc-executions/:pk/', ['PUT', 'PATCH', 'DELETE'], 'runs are recorded by the task runner only'],
  ['/api/v1/ops/command-executions/:pk/', ['PUT', 'PATCH', 'DELETE'], 'a batch command is an audit record'],
  ['/api/v1/tickets/tickets/', ['POST'], 'tickets are opened through their kind (request-asset-perm/) or a sign-in'],
  ['/api/v1/tickets/tickets/:pk/', ['DELETE'], 'tickets are closed, never deleted'],
  ['/api/v1/tickets/tickets/request-asset-perm/:pk/', ['DELETE'], 'tickets are closed, never deleted'],
];

const deviationOf = (pattern: Pattern, method: string) =>
  DEVIATIONS.find(
    ([match, methods]) =>
      (typeof match === 'string' ? match === pattern.path : match.test(pattern.path)) && methods.includes(method),
  );

const ID = '3f1d2a4e-0000-4000-8000-000000000001';
const concrete = (path: string) => path.replace(/:[a-z_]+/g, ID);

test("the fixture holds 2.3.1's 275 patterns, each with methods and a permission class", () => {
  assert.equal(PATTERNS.length, 275);
  assert.equal(new Set(PATTERNS.map((p) => p.path)).size, 275);
  for (const pattern of PATTERNS) {
    assert.ok(pattern.methods.length && pattern.permission, pattern.path);
    assert.ok(
      pattern.methods.every((m) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)),
      pattern.path,
    );
  }
});

test('every 2.3.1 pattern is served; each method 2.3 takes is taken here or is a listed deviation', async (t) => {
  const app = await build(t);
  const missing: string[] = [];
  const lacking: string[] = [];
  const used = new Set<string>();
  for (const pattern of PATTERNS) {
    const have = methodsFor(app, concrete(pattern.path));
    if (!have.length) {
      missing.push(pattern.path);
      continue;
    }
    for (const method of pattern.methods.filter((m) => !have.includes(m))) {
      const deviation = deviationOf(pattern, method);
      if (deviation) used.add(`${deviation[0]}`);
      else lacking.push(`${method} ${pattern.path}`);
    }
  }
  assert.deepEqual(missing, [], 'patterns no route serves');
  assert.deepEqual(lacking, [], 'methods neither served nor a listed deviation');
  // A deviation that no longer holds is taken off the list (and out of the README).
  assert.deepEqual(
    DEVIATIONS.map(([match]) => `${match}`).filter((key) => !used.has(key)),
    [],
  );
});

test('OPTIONS answers on every 2.3.1 pattern (never 405): 200 metadata for an admin, 401 for nobody', async (t) => {
  const app = await build(t);
  const headers = await bearer(app, 'admin');
  const refused: string[] = [];
  for (const pattern of PATTERNS) {
    const url = concrete(pattern.path);
    const answer = await app.inject({ method: 'OPTIONS', url, headers });
    // 404/403 are the view's own answers for this made-up id or for an admin outside its class (App-only views).
    if (![200, 403, 404].includes(answer.statusCode)) refused.push(`${pattern.path} ${answer.statusCode}`);
    if (answer.statusCode === 200) {
      const meta = answer.json();
      assert.deepEqual(Object.keys(meta).sort(), ['actions', 'description', 'name', 'parses', 'renders'], pattern.path);
    }
    if (
      pattern.permission !== 'AllowAny' &&
      pattern.permission !== 'WithBootstrapToken' &&
      !pattern.path.includes('access-key')
    ) {
      const anonymous = await app.inject({ method: 'OPTIONS', url });
      if (anonymous.statusCode !== 401 && anonymous.statusCode !== 404)
        refused.push(`anonymous ${pattern.path} ${anonymous.statusCode}`);
    }
  }
  assert.deepEqual(refused, []);
});

// Classes that let any signed-in caller reach the view (its handler may still refuse an object).
const ANY_SIGNED_IN = new Set([
  'IsValidUser',
  'IsAuthenticated',
  'TicketUserOrAssignee',
  'IsAssignee, IsValidUser',
  'IsAssignee | IsObjectOwner',
  'IsCurrentUserOrReadOnly',
]);
const ADMIN_PASSES = /IsOrgAdmin|IsValidUser|IsAuthenticated|AllowAny|TicketUserOrAssignee|IsAssignee|IsCurrentUser/;
/** Views where this server lets more callers in than 2.3's class, each with its reason (README). */
const WIDER: [string, string][] = [
  ['/api/v1/terminal/sessions/', 'a user reads the sessions they ran'],
  ['/api/v1/terminal/sessions/:pk/', 'a user reads the sessions they ran'],
  ['/api/v1/terminal/sessions/:pk/replay/', 'a user reads the sessions they ran'],
  ['/api/v1/terminal/sessions/:pk/replay/download/', 'a user reads the sessions they ran'],
  ['/api/v1/terminal/terminals/:terminal/sessions/:pk/replay/download/', 'a user reads the sessions they ran'],
  ['/api/v1/terminal/commands/:pk/', 'a user reads the commands of a session they ran'],
  ['/api/v1/users/connection-token/', 'the web terminal page asks for a token as the signed-in user'],
  ['/api/v1/authentication/connection-token/', 'the same handler as users/connection-token/'],
  [
    '/api/v1/perms/remote-app-permissions/user/validate/',
    'a user asks about themself, as asset-permissions/user/validate/',
  ],
  ['/api/v1/perms/database-app-permissions/user/validate/', 'a user asks about themself'],
  ['/api/v1/perms/k8s-app-permissions/user/validate/', 'a user asks about themself'],
  ['/api/v2/terminal/terminal-registrations/', 'bootstrap-token views: the token, not a class, decides on POST'],
  ['/api/v2/users/service-account-registrations/', 'bootstrap-token views: the token, not a class, decides on POST'],
];

/** Views whose class 2.3 changes per method or setting, or where this server lets fewer callers in (README). */
const OTHER_CLASS: [string, string][] = [
  ['/api/v1/assets/platforms/', "2.3's get_permissions: GET and OPTIONS IsOrgAdmin, writes IsSuperUser"],
  ['/api/v1/assets/platforms/:pk/', "2.3's get_permissions: GET and OPTIONS IsOrgAdmin, writes IsSuperUser"],
  ['/api/v1/assets/asset-user-auth-infos/', '2.3 adds NeedMFAVerify with SECURITY_VIEW_AUTH_NEED_MFA (on by default)'],
  [
    '/api/v1/assets/asset-user-auth-infos/:pk/',
    '2.3 adds NeedMFAVerify with SECURITY_VIEW_AUTH_NEED_MFA (on by default)',
  ],
  ['/api/v1/terminal/tasks/', "terminal tasks are superusers' and terminals' (2.3: any org admin, over every org)"],
  ['/api/v1/terminal/tasks/:pk/', "terminal tasks are superusers' and terminals'"],
];

test("OPTIONS applies each view's permission class as 2.3 does: public views answer anonymous callers, others 401/403", async (t) => {
  const app = await build(t);
  const user = await bearer(app, 'user');
  const orgadmin = { ...(await bearer(app, 'orgadmin')), 'x-jms-org': orgId(app, 'Engineering') };
  const wrong: string[] = [];
  const wider = new Set<string>();
  for (const pattern of PATTERNS) {
    const url = concrete(pattern.path);
    const anonymous = (await app.inject({ method: 'OPTIONS', url })).statusCode;
    const asUser = (await app.inject({ method: 'OPTIONS', url, headers: user })).statusCode;
    const asOrgAdmin = (await app.inject({ method: 'OPTIONS', url, headers: orgadmin })).statusCode;
    const allowed = (code: number) => code === 200 || code === 404;
    const reason = WIDER.find(([path]) => path === pattern.path);
    if (pattern.permission === 'AllowAny') {
      if (anonymous !== 200) wrong.push(`anonymous ${pattern.path} ${anonymous}, 2.3: 200`);
    } else if (anonymous !== 401) wrong.push(`anonymous ${pattern.path} ${anonymous}, 2.3: 401`);
    const userPasses = pattern.permission === 'AllowAny' || ANY_SIGNED_IN.has(pattern.permission);
    if (allowed(asUser) !== userPasses) {
      if (reason && allowed(asUser)) wider.add(pattern.path);
      else wrong.push(`user ${pattern.path} ${asUser}, 2.3's ${pattern.permission}`);
    }
    const adminPasses = ADMIN_PASSES.test(pattern.permission) && !/^IsSuperUser/.test(pattern.permission);
    const other = OTHER_CLASS.find(([path]) => path === pattern.path);
    if (allowed(asOrgAdmin) !== adminPasses && !reason) {
      if (other) wider.add(pattern.path);
      else wrong.push(`org admin ${pattern.path} ${asOrgAdmin}, 2.3's ${pattern.permission}`);
    }
  }
  assert.deepEqual(wrong, []);
  // A deviation that no longer holds is taken off the list (and out of the README).
  assert.deepEqual(
    [...WIDER, ...OTHER_CLASS].map(([path]) => path).filter((path) => !wider.has(path)),
    [],
  );
});

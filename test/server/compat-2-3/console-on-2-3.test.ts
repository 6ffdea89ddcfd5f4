// Our console against a JumpServer 2.3.1 core: every API call the console's sources make (the resource
// definitions' engine calls, read from the definitions themselves, and each page's `http.<method>(…)`,
// resolved statically by support/console-calls.ts, with a hand list where a function computes the URL)
// is checked against 2.3.1's patterns (fixtures/jumpserver-2.3.1-api-patterns.json): the path exists, the
// method is taken, the view's permission class lets each role that sees the page, and the fields the
// console reads are in the view's serializer (`fields` in the fixture, from 2.3.1's serializers). What only
// this project's server has is listed with how the console does without it (ONLY_OURS).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { importSource, sourceFiles } from '../support/console-modules.ts';
import { callsIn } from '../support/console-calls.ts';

interface Pattern {
  path: string;
  methods: string[];
  permission: string;
  view: string;
  fields?: string[];
  write_only?: string[];
}
const PATTERNS: Pattern[] = JSON.parse(
  readFileSync(new URL('../fixtures/jumpserver-2.3.1-api-patterns.json', import.meta.url), 'utf8'),
);

type Role = 'SuperAdmin' | 'SuperAuditor' | 'OrgAdmin' | 'OrgAuditor' | 'User';
const ROLE_BITS: Record<Role, number> = { SuperAdmin: 146, SuperAuditor: 131, OrgAdmin: 18, OrgAuditor: 3, User: 1 };
const ROLES = Object.keys(ROLE_BITS) as Role[];
/** The roles that see a page needing `perm` (src/core/permissions.ts hasPermission; default ADMIN). */
const seeing = (perm: number[] = [16]) => ROLES.filter((r) => perm.every((p) => (ROLE_BITS[r] & p) === p));

/** 2.3's permission classes (common/permissions.py), per role, in the org the role administers or audits. */
const CLASS: Record<string, Role[]> = {
  IsValidUser: ROLES,
  IsAuthenticated: ROLES,
  AllowAny: ROLES,
  TicketUserOrAssignee: ROLES,
  IsAssignee: ROLES,
  IsObjectOwner: ROLES,
  IsCurrentUserOrReadOnly: ROLES,
  IsOrgAdmin: ['SuperAdmin', 'OrgAdmin'],
  IsOrgAdminOrAppUser: ['SuperAdmin', 'OrgAdmin'],
  IsOrgAuditor: ['SuperAuditor', 'OrgAuditor'],
  IsSuperUser: ['SuperAdmin'],
  IsSuperUserOrAppUser: ['SuperAdmin'],
  IsAppUser: [],
  WithBootstrapToken: [],
  CanUpdateDeleteUser: ROLES,
};
function allows(permission: string, role: Role): boolean {
  const classes = permission.replace(/\s*\(get_permissions\)$/, '');
  return classes.split(' | ').some((any) => any.split(', ').every((name) => (CLASS[name.trim()] ?? []).includes(role)));
}
/** Views whose class 2.3 changes per method (get_permissions): the class a method gets. */
const BY_METHOD: Record<string, Partial<Record<string, string>>> = {
  '/api/v1/assets/platforms/': { GET: 'IsOrgAdmin', OPTIONS: 'IsOrgAdmin' },
  '/api/v1/assets/platforms/:pk/': { GET: 'IsOrgAdmin', OPTIONS: 'IsOrgAdmin' },
  // UserViewSet: list/retrieve IsOrgAdminOrAppUser, the rest IsOrgAdmin.
};

const matcher = (path: string) => new RegExp(`^${path.replace(/:[a-z_]+/g, '[^/]+')}$`);
const PATTERN_RES = PATTERNS.map((p) => ({ p, re: matcher(p.path) }));
const patternOf = (url: string) => PATTERN_RES.find(({ re }) => re.test(url.replace(/:param/g, 'x')))?.p;

interface Call {
  page: string;
  method: string;
  url: string;
  roles: Role[];
  reads?: string[];
  writes?: string[];
}

/** Where a page's own calls are made, by folder: the roles that see those pages (ROUTES.md, the route tables). */
const FOLDER_ROLES: [RegExp, Role[]][] = [
  [
    /^pages\/(ops\/(batch-api|task-log)|tickets|userviews|profile|first-login|auth|webterminal|files)|^core\/|^elements\//,
    ROLES,
  ],
  [/^pages\/terminal\/(terminals|storages)/, seeing([128 | 16])],
  [/^pages\/(terminal|audits|dashboard)/, seeing([2])],
  [/^pages\/settings/, seeing([128 | 16])],
  [/^pages\/(users|assets|applications|perms|ops)/, seeing([16])],
];
const rolesOf = (file: string) => FOLDER_ROLES.find(([re]) => re.test(file))?.[1] ?? [];

/** Definitions whose list URL is built per parent object (the rules of one command filter). */
const URL_OF: Record<string, string> = { CommandFilterRules: '/api/v1/assets/cmd-filters/:param/rules/' };

/** Calls whose URL a function builds from an argument the static reader cannot follow (checked by reading the file). */
const HAND: Record<string, [string, string][]> = {
  'pages/assets/system-user-relations.ts': ['assets', 'nodes', 'users'].flatMap(
    (kind) =>
      [
        ['GET', `/api/v1/assets/system-users-${kind}-relations/`],
        ['POST', `/api/v1/assets/system-users-${kind}-relations/`],
        ['DELETE', `/api/v1/assets/system-users-${kind}-relations/`],
      ] as [string, string][],
  ),
  'pages/assets/ChildTable.tsx': [
    ['GET', '/api/v1/assets/gateways/'],
    ['DELETE', '/api/v1/assets/gateways/:param/'],
    ['GET', '/api/v1/assets/cmd-filters/:param/rules/'],
    ['DELETE', '/api/v1/assets/cmd-filters/:param/rules/:param/'],
  ],
  'pages/assets/asset-tasks.ts': [
    ['POST', '/api/v1/assets/assets/:param/tasks/'],
    ['POST', '/api/v1/assets/nodes/:param/tasks/'],
  ],
  'pages/assets/tree/node-api.ts': [
    ['GET', '/api/v1/assets/nodes/children/tree/'],
    ...['add', 'remove', 'replace'].map(
      (mode) => ['PUT', `/api/v1/assets/nodes/:param/assets/${mode}/`] as [string, string],
    ),
  ],
  'pages/perms/GrantedAssetsTab.tsx': ['users', 'user-groups'].flatMap(
    (owner) =>
      [
        ['GET', `/api/v1/perms/${owner}/:param/nodes/children/tree/`],
        ['GET', `/api/v1/perms/${owner}/:param/assets/`],
        ['GET', `/api/v1/perms/${owner}/:param/assets/:param/system-users/`],
      ] as [string, string][],
  ),
  'pages/userviews/api.ts': [
    ['GET', '/api/v1/perms/users/assets/'],
    ['GET', '/api/v1/perms/users/nodes/:param/assets/'],
    ['GET', '/api/v1/perms/users/assets/:param/system-users/'],
  ],
  'pages/terminal/storages.resource.ts': [
    ['GET', '/api/v1/terminal/replay-storages/:param/test-connective/'],
    ['GET', '/api/v1/terminal/command-storages/:param/test-connective/'],
  ],
  'pages/ops/task-log.ts': [['GET', '/api/v1/ops/celery/task/:param/log/']],
};

/** What only this project's server has, and how the console does without it against a 2.3 core. */
const ONLY_OURS: [RegExp, string][] = [
  [
    /^\/api\/v1\/users\/connection-token\/$/,
    'the web terminal page, which this server serves at /luna/ (README step 5); with a 2.3 core Luna is there',
  ],
  [
    /^\/koko\/files\//,
    "the file manager element runs only on the bastion's own /koko/elfinder/sftp/ page (elsewhere it links there); with a 2.3 core that address is koko's own page",
  ],
  [
    /^\/api\/v1\/ops\/(adhoc-executions|command-executions)\/[^/]+\/stop\/$/,
    'Stop is drawn only where settings/public/ names "stop-runs" (test/elements/features-2-3.test.ts)',
  ],
  [
    /^\/api\/v1\/xpack\/license\//,
    "2.3's closed-source xpack: the License tab, as Lina's, reads 404 without it and shows no licence (README)",
  ],
];

/**
 * Fields only this project's server has, read or written by a page that works without them against a 2.3 core:
 * the form builds inputs only for fields the OPTIONS metadata describes (metaToFields), the detail card leaves
 * out a field the server neither describes nor sends, and a list column marked `describedOnly` needs the
 * metadata (test/core/resource/described-only.test.ts).
 */
const FIELDS_OURS: Record<string, [string[], string]> = {
  TerminalViewSet: [
    ['http_host', 'accepts_web', 'replay_pending', 'replay_error'],
    'several terminals, each with its web door, and their recording uploads (issue 34)',
  ],
};

/**
 * Calls 2.3.1 refuses to a role the page is shown to, exactly as Lina 2.3.1 shows the same page to that role
 * and makes the same call (its sessions pages need PERM_AUDIT; 2.3.1's SessionViewSet and KillSessionAPI
 * are IsOrgAdminOrAppUser): the console keeps the page (SPEC: sessions are the auditors'), and against a 2.3
 * core the auditor gets the core's 403 there, as with Lina. This server lets auditors read and end sessions.
 */
const AS_LINA: [RegExp, Role[], string][] = [
  [
    /^(GET|OPTIONS) \/api\/v1\/terminal\/sessions\//,
    ['SuperAuditor', 'OrgAuditor'],
    'Lina 2.3.1 SessionList/SessionDetail (PERM_AUDIT)',
  ],
  [
    /^POST \/api\/v1\/terminal\/tasks\/kill-session\/$/,
    ['SuperAuditor', 'OrgAuditor'],
    "Lina 2.3.1 SessionList's terminate (PERM_AUDIT)",
  ],
];

async function consoleCalls(): Promise<Call[]> {
  const calls: Call[] = [];
  // The resource definitions: the engines' calls and the fields they read and write.
  for (const file of sourceFiles(/\.resource\.tsx?$/)) {
    for (const def of Object.values(await importSource(`${file}`)) as Record<string, any>[]) {
      if (!def || typeof def !== 'object' || typeof def.url !== 'string' || !def.list) continue;
      const routes: string[] = def.routes ?? ['list', 'create', 'update', 'detail'];
      // The page's own permission within its section's (the parent route's) permission.
      const roles = seeing(def.perm).filter((role) => rolesOf(file).includes(role));
      const page = `${file} ${def.name}`;
      const url = URL_OF[def.name] ?? def.url;
      // Columns and cards a page draws itself from other fields (render) read those, not their own name.
      const drawn = (fields: string[] = [], render: Record<string, unknown> = {}) =>
        fields.filter(
          (f) =>
            f !== 'actions' &&
            !(render[f] as { render?: unknown } | undefined)?.render &&
            typeof render[f] !== 'function',
        );
      const written = (fields: string[] = []) => [...new Set(fields.map((f) => (f.startsWith('meta_') ? 'meta' : f)))];
      calls.push(
        { page, method: 'OPTIONS', url, roles },
        { page, method: 'GET', url, roles, reads: drawn(def.list.columns, def.list.overrides) },
      );
      if (def.form && routes.includes('create'))
        calls.push({ page, method: 'POST', url, roles, writes: written(def.form.fields) });
      if (def.form && routes.includes('update'))
        calls.push(
          { page, method: 'GET', url: `${url}:param/`, roles },
          { page, method: 'PUT', url: `${url}:param/`, roles, writes: written(def.form.fields) },
        );
      if (def.detail && routes.includes('detail'))
        calls.push({
          page,
          method: 'GET',
          url: `${url}:param/`,
          roles,
          reads: drawn(def.detail.fields, def.detail.render),
        });
      for (const override of Object.values(def.form?.overrides ?? {}) as { remote?: { url?: string } }[]) {
        if (override?.remote?.url)
          calls.push({ page: `${page} (picker)`, method: 'GET', url: override.remote.url.split('?')[0], roles });
      }
      for (const relation of def.detail?.relations ?? [])
        if (relation.selectUrl)
          calls.push({ page: `${page} (relation)`, method: 'GET', url: relation.selectUrl.split('?')[0], roles });
    }
  }
  // Each page's own calls.
  for (const file of sourceFiles(/\.tsx?$/)) {
    if (/i18n|\.d\.ts$|^core\/engine\//.test(file)) continue;
    for (const call of await callsIn(file)) {
      // A URL with a computed segment the hand list spells out (`nodes/<id>/assets/<mode>/`) is taken from there.
      if (
        call.url &&
        !call.url.startsWith(':') &&
        !(HAND[file] ?? []).some(
          ([m, u]) => m === call.method && matcher(call.url!.replace(/:param/g, ':x')).test(u.replace(/:param/g, 'x')),
        )
      )
        calls.push({ page: file, method: call.method, url: call.url, roles: rolesOf(file) });
    }
    for (const [method, url] of HAND[file] ?? [])
      calls.push({ page: `${file} (hand list)`, method, url, roles: rolesOf(file) });
  }
  return calls;
}

test("every call the console makes is 2.3.1's: path, method, the roles' permission class, the fields it reads", async () => {
  const calls = await consoleCalls();
  assert.ok(calls.length > 150, `${calls.length} calls read from the sources`);
  const problems: string[] = [];
  const ours = new Set<string>();
  const asLina = new Set<string>();
  const oursFields = new Set<string>();
  for (const call of calls) {
    const where = `${call.method} ${call.url} (${call.page})`;
    const only = ONLY_OURS.find(([re]) => re.test(call.url));
    if (only) {
      ours.add(String(only[0]));
      continue;
    }
    const pattern = patternOf(call.url);
    if (!pattern) {
      problems.push(`no 2.3.1 pattern: ${where}`);
      continue;
    }
    if (call.method !== 'OPTIONS' && !pattern.methods.includes(call.method))
      problems.push(`2.3.1 takes ${pattern.methods.join('/')}: ${where}`);
    const permission = BY_METHOD[pattern.path]?.[call.method] ?? pattern.permission;
    for (const role of call.roles) {
      if (allows(permission, role)) continue;
      const known = AS_LINA.find(([re, roles]) => re.test(`${call.method} ${call.url}`) && roles.includes(role));
      if (known) asLina.add(String(known[0]));
      else problems.push(`${role} refused by ${permission}: ${where}`);
    }
    if (!pattern.fields && (call.reads?.length || call.writes?.length))
      problems.push(`the fixture has no serializer fields for ${pattern.view}: ${where}`);
    if (pattern.fields) {
      const extra = FIELDS_OURS[pattern.view]?.[0] ?? [];
      const isOurs = (field: string) => extra.includes(field) && Boolean(oursFields.add(`${pattern.view}.${field}`));
      const readable = pattern.fields.filter((f) => !(pattern.write_only ?? []).includes(f));
      for (const field of call.reads ?? [])
        if (!readable.includes(field) && !isOurs(field))
          problems.push(`reads "${field}", not in ${pattern.view}'s serializer: ${where}`);
      for (const field of call.writes ?? [])
        if (!pattern.fields.includes(field) && !isOurs(field))
          problems.push(`writes "${field}", not in ${pattern.view}'s serializer: ${where}`);
    }
  }
  assert.deepEqual(problems, []);
  // The report: each page's calls and the roles that make them (`node --test … --test-reporter=spec` shows it).
  const byPage = new Map<string, string[]>();
  for (const call of calls)
    byPage.set(call.page, [...(byPage.get(call.page) ?? []), `${call.method} ${call.url} [${call.roles.join(',')}]`]);
  for (const [page, lines] of byPage) console.log(`${page}\n  ${[...new Set(lines)].join('\n  ')}`);
  assert.deepEqual(
    ONLY_OURS.map(([re]) => String(re)).filter((re) => !ours.has(re)),
    [],
    'an entry no call needs is taken off',
  );
  assert.deepEqual(
    AS_LINA.map(([re]) => String(re)).filter((re) => !asLina.has(re)),
    [],
    'an entry no call needs is taken off',
  );
  const listed = Object.entries(FIELDS_OURS).flatMap(([view, [fields]]) => fields.map((field) => `${view}.${field}`));
  assert.deepEqual(
    listed.filter((field) => !oursFields.has(field)),
    [],
    'a field no page uses is taken off',
  );
});

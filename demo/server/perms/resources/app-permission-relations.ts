// /api/v1/perms/<kind>-app-permissions-{users,user-groups,<apps>,system-users}-relations/ (§2.5): the
// links of an application permission, one row per link, served from the relation views of migration 10.
// Links are added and removed, never edited. 2.3 offers all four on database and k8s permissions and
// users / remote apps on remote-app permissions; every kind gets all four here (same rules).
import { L, message } from '../../engine/field-kit.ts';
import { fixtureApp, fixtureGroup, fixtureProtocolSystemUser, storedOrg } from '../../applications/samples.ts';
import { speaksOtherProtocol } from '../../assets/system-user-store.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import type { DB } from '../../core/db/open.ts';
import type { HookArgs, ResourceDef, Row, SampleArgs } from '../../engine/types.ts';
import { t, type Localized } from '../../core/lib/i18n.ts';
import { uuid } from '../../core/lib/ids.ts';
import { defaultExpiry, isoAt } from '../../core/lib/time.ts';
import { firstTwoMembers } from '../../core/orgs/membership-store.ts';
import { isOrgMember } from '../../core/orgs/org-members.ts';
import { firstTwoPeopleByUsername } from '../../users/user-store.ts';
import { APP_KINDS, type AppKind } from '../app-kinds.ts';
import {
  appPermissionOrgSeen,
  insertFixtureAppPermission,
  isAppPermissionLinked,
  linkAppPermission,
} from '../app-permission-store.ts';
import { targetInOrg, type LinkTarget } from '../link-target-store.ts';
import { appPermissionResourceOf } from './app-permissions.ts';

interface LinkSpec {
  /** Through-table suffix and URL part: users, user_groups / user-groups, remote_apps, system_users. */
  table: string;
  column: string;
  /** 2.3's key of the other end: user, usergroup, remoteapp, systemuser. */
  key: string;
  target: 'users' | LinkTarget;
  label: Localized;
  relation: string;
  /** Two objects of the org the sample permission may link. */
  targets: (args: SampleArgs, kind: AppKind) => string[];
}

const two = (make: (i: number) => string) => [0, 1].map(make);
const UNIQUE = L('字段 {a}, {b} 必须能构成唯一集合。', 'The fields {a}, {b} must make a unique set.');
const WRONG_PROTOCOL = L('系统用户的协议不是 {protocol}', 'The protocol of this system user is not {protocol}');

function linkSpecs(kind: AppKind): LinkSpec[] {
  return [
    {
      table: 'users',
      column: 'user_id',
      key: 'user',
      target: 'users',
      label: L('用户', 'User'),
      relation: '/api/v1/users/users/',
      targets: ({ db, orgId }) => (orgId === 'DEFAULT' ? firstTwoPeopleByUsername(db) : firstTwoMembers(db, orgId)),
    },
    {
      table: 'user_groups',
      column: 'usergroup_id',
      key: 'usergroup',
      target: 'user_groups',
      label: L('用户组', 'User group'),
      relation: '/api/v1/users/groups/',
      targets: ({ db, orgId, seq }) => two((i) => fixtureGroup(db, orgId, `Relation group ${kind.kind} ${seq}-${i}`)),
    },
    {
      table: kind.table,
      column: kind.appColumn,
      key: kind.appKey,
      target: kind.table,
      label: kind.label,
      relation: kind.appsUrl,
      targets: ({ db, orgId, seq }) =>
        two((i) => fixtureApp(db, orgId, kind.table, `Relation app ${kind.kind} ${seq}-${i}`)),
    },
    {
      table: 'system_users',
      column: 'systemuser_id',
      key: 'systemuser',
      target: 'system_users',
      label: L('系统用户', 'System user'),
      relation: '/api/v1/assets/system-users/',
      targets: ({ db, orgId, seq }) =>
        two((i) => fixtureProtocolSystemUser(db, orgId, `Relation ${kind.protocol} ${seq}-${i}`, kind.protocol)),
    },
  ];
}

/** The org the permission is stored in, when the caller's org sees it; else null. */
function permissionOrg(args: HookArgs, kind: AppKind, id: string): string | null {
  return appPermissionOrgSeen(args.db, kind, id, args.ctx.org) ?? null;
}

/** Whether the other end may be linked to a permission of `orgId`. */
function linkable(db: DB, spec: LinkSpec, id: string, orgId: string): boolean {
  if (spec.target === 'users')
    return isOrgMember(
      db,
      orgId ? { id: orgId, name: '', kind: 'real' } : { id: 'DEFAULT', name: 'DEFAULT', kind: 'default' },
      id,
    );
  return targetInOrg(db, spec.target, id, orgId);
}

function relationResource(kind: AppKind, spec: LinkSpec): ResourceDef {
  const permUrl = appPermissionResourceOf(kind).url;
  const through = `${kind.prefix}_${spec.table}`;
  const { permKey } = kind;
  const { key } = spec;
  const plural = spec.table.replace(/_/g, '-');
  const title = (text: string) =>
    text
      .split(/[-_ ]/)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  return {
    name: `${title(kind.kind)} Permission ${title(spec.key)} Relation List`,
    model: L(`${kind.permissionLabel.zh}${spec.label.zh}关系`, `${kind.permissionLabel.en} ${spec.label.en} relation`),
    url: `${permUrl.slice(0, -1)}-${plural}-relations/`,
    table: `${through}_relations`,
    fields: {
      id: { type: 'integer', label: L('ID', 'ID'), read_only: true },
      [key]: { type: 'string', label: spec.label, required: true, relation: spec.relation },
      [`${key}_display`]: {
        type: 'string',
        label: L(`${spec.label.zh}名称`, `${spec.label.en} display`),
        read_only: true,
      },
      [permKey]: { type: 'string', label: kind.permissionLabel, required: true, relation: permUrl },
      [`${permKey}_display`]: {
        type: 'string',
        label: L(`${kind.permissionLabel.zh}名称`, `${kind.permissionLabel.en} display`),
        read_only: true,
      },
    },
    searchFields: [`${key}_display`, `${permKey}_display`],
    filterFields: ['id', key, permKey],
    orgScoped: true,
    bulk: true,
    bulkDelete: 'narrowing',
    actions: ['list', 'retrieve', 'create', 'delete'],
    permissions: everyAction(IsOrgAdmin),
    hooks: {
      validate: (args, data) => {
        const invalid = (value: unknown) => [t(args.ctx.lang, 'field.invalid_pk', { value: String(value) })];
        const errors: Record<string, string[]> = {};
        const orgId = data[permKey] === undefined ? null : permissionOrg(args, kind, String(data[permKey]));
        if (data[permKey] !== undefined && orgId === null) errors[permKey] = invalid(data[permKey]);
        if (data[key] !== undefined && orgId !== null && !linkable(args.db, spec, String(data[key]), orgId))
          errors[key] = invalid(data[key]);
        if (
          !errors[key] &&
          spec.target === 'system_users' &&
          data[key] !== undefined &&
          speaksOtherProtocol(args.db, String(data[key]), kind.protocol)
        ) {
          errors[key] = [message(args, WRONG_PROTOCOL, { protocol: kind.protocol })];
        }
        if (Object.keys(errors).length) return errors;
        if (
          orgId !== null &&
          isAppPermissionLinked(args.db, kind, spec.table, String(data[permKey]), String(data[key]))
        ) {
          return { non_field_errors: [message(args, UNIQUE, { a: permKey, b: key })] };
        }
        return null;
      },
      insert: ({ db }: HookArgs, data: Row) =>
        String(linkAppPermission(db, kind, spec.table, data[permKey], data[key])),
    },
    sample: (args) => {
      const permission = fixturePermission(args.db, args.orgId, kind, `Relation fixture ${spec.key} ${args.seq}`);
      return {
        create: spec.targets(args, kind).map((target) => ({ [permKey]: permission, [key]: target })),
        update: {},
      };
    },
  };
}

/** A permission of the kind straight into the org (no links: the sample adds them). */
function fixturePermission(db: DB, orgId: string, kind: AppKind, name: string): string {
  const id = uuid();
  const now = Date.now();
  insertFixtureAppPermission(db, kind, {
    id,
    name,
    dateStart: isoAt(now),
    dateExpired: defaultExpiry(now),
    orgId: storedOrg(orgId),
    dateCreated: isoAt(now),
  });
  return id;
}

export const APP_PERMISSION_RELATIONS: ResourceDef[] = APP_KINDS.flatMap((kind) =>
  linkSpecs(kind).map((spec) => relationResource(kind, spec)),
);

// Rules of an application permission (§2.5), one set for the three kinds of ./app-kinds.ts: what may
// be linked (users who are members of the org, groups / apps / system users the org sees, at least one
// system user, and only system users of the kind's protocol: rdp for remote apps, mysql for database
// apps, k8s for Kubernetes apps), how the links are stored and how they read back.
import { namesNotSpeaking } from '../assets/system-user-store.ts';
import { L, message, mergeErrors, replaceRelations, unknownIds } from '../engine/field-kit.ts';
import type { DB } from '../core/db/open.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { isOrgMember } from '../core/orgs/org-members.ts';
import { appPermissionLinks, type AppKind } from './app-kinds.ts';
import { orderedAppPermissionLinkIds } from './app-permission-store.ts';
import { permissionValidity } from './validity.ts';

const EMPTY_LIST = L('列表字段不能为空。', 'This list may not be empty.');
const WRONG_PROTOCOL = L(
  '系统用户 “{name}” 的协议不是 {protocol}',
  'The protocol of system user "{name}" is not {protocol}',
);

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** `{users: ["Invalid pk ..."]}` for ids that are not members of the caller's org. */
export function outsiderErrors(args: HookArgs, field: string, value: unknown): Record<string, string[]> | null {
  const outsiders = ids(value).filter((id) => !isOrgMember(args.db, args.ctx.org, id));
  return outsiders.length
    ? { [field]: outsiders.map((id) => t(args.ctx.lang, 'field.invalid_pk', { value: id })) }
    : null;
}

/** Errors for system users (already known to exist in the org) whose protocol is not the kind's. */
function protocolErrors(args: HookArgs, kind: AppKind, value: unknown): Record<string, string[]> | null {
  const list = ids(value);
  if (!list.length) return null;
  const wrong = namesNotSpeaking(args.db, list, kind.protocol);
  return wrong.length
    ? { system_users: wrong.map((name) => message(args, WRONG_PROTOCOL, { name, protocol: kind.protocol })) }
    : null;
}

export function validateAppPermission(kind: AppKind) {
  return (args: HookArgs, data: Row): Record<string, string[]> | null => {
    const unknownSystemUsers = unknownIds(args, 'system_users', 'system_users', data.system_users);
    return mergeErrors(
      outsiderErrors(args, 'users', data.users),
      unknownIds(args, 'user_groups', 'user_groups', data.user_groups),
      unknownIds(args, kind.table, kind.field, data[kind.field]),
      Array.isArray(data.system_users) && data.system_users.length === 0
        ? { system_users: [message(args, EMPTY_LIST)] }
        : null,
      unknownSystemUsers ?? protocolErrors(args, kind, data.system_users),
    );
  };
}

/** Stores the links the body names (a field left out keeps its links). */
export function writeAppPermissionLinks(kind: AppKind) {
  return (args: HookArgs, id: string, data: Row): void => {
    for (const link of appPermissionLinks(kind)) {
      const value = data[link.field];
      if (Array.isArray(value))
        replaceRelations(args, `${kind.prefix}_${link.table}`, 'permission_id', id, link.column, value);
    }
  };
}

/** The id lists, their amounts and whether the permission counts now. */
export function serializeAppPermission(kind: AppKind) {
  return ({ db, now }: { db: DB; now: number }, row: Row, out: Row): void => {
    for (const link of appPermissionLinks(kind)) {
      const linked = orderedAppPermissionLinkIds(db, kind, link.table, row.id);
      out[link.field] = linked;
      out[`${link.field}_amount`] = linked.length;
    }
    out.is_valid = permissionValidity(row, now).is_valid;
  };
}

// Whose grants a granted-resource request reads, and whether the caller may read them (§2.5):
//   "my"   /perms/users/…            the caller's own grants across every org (2.3 runs them in ROOT;
//                                    a portal token's across its user's orgs only, portal-tokens.ts);
//   user   /perms/users/<id>/…       one user's grants in the current org, for an admin of that org (only
//                                    for a member of it) or a terminal;
//   group  /perms/user-groups/<id>/… one group's own grants, for an admin of the group's org or a terminal.
// 2.3's IsOrgAdminOrAppUser on both: a user reads their own through "my", an auditor reads none (2.3.1's
// UserPermissionMixin and the app variants, perms/api/mixin.py).
// Returns the engine's HookArgs and the GrantScope, or null once a 401/403/404 has been sent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize, IsValidUser, sendForbidden } from '../core/permissions.ts';
import type { HookArgs } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { UUID_PATTERN } from '../core/lib/ids.ts';
import { orgSees, storedOrgId } from '../core/orgs/current-org.ts';
import { canAdmin } from '../core/orgs/membership-store.ts';
import { isOrgMember } from '../core/orgs/org-members.ts';
import { portalGrantOrgs } from '../core/auth/portal-tokens.ts';
import { groupOrg } from '../users/group-store.ts';
import type { GrantScope } from './grants.ts';

export type ScopeKind = 'my' | 'user' | 'group';

export interface Granted {
  args: HookArgs;
  scope: GrantScope;
}

const MODELS = { user: { en: 'User', zh: '用户' }, group: { en: 'User group', zh: '用户组' } };

export function grantScope(kind: ScopeKind, request: FastifyRequest, reply: FastifyReply): Granted | null {
  if (!authorize(request, reply, IsValidUser)) return null;
  const { db, now, settings } = request.server.bastion;
  const ctx = request.ctx;
  const args: HookArgs = { db, ctx, request, now: now() };
  const query = request.query as Record<string, unknown>;
  const systemUser = typeof query.system_user === 'string' && query.system_user ? query.system_user : undefined;
  const base = {
    now: args.now,
    systemUser,
    ungroupSingleAssets: settings.get<boolean>('PERM_SINGLE_ASSET_TO_UNGROUP_NODE') === true,
  };
  const orgId = ctx.org.kind === 'root' ? null : storedOrgId(ctx.org);
  const missing = (model: keyof typeof MODELS) => {
    reply.code(404).send({ detail: t(ctx.lang, 'request.object_not_found', { model: MODELS[model][ctx.lang] }) });
    return null;
  };
  if (kind === 'my')
    return { args, scope: { ...base, subject: { user: ctx.user.id }, orgId: null, orgIds: portalGrantOrgs(db, ctx) } };
  const params = request.params as { user_id?: string; group_id?: string };
  const id = String(params.user_id ?? params.group_id ?? '');
  // Terminals (App accounts) read any user's grants to offer them their assets (contract §2).
  const overseer = canAdmin(db, ctx.user, ctx.org) || ctx.user.role === 'App';
  if (kind === 'user') {
    if (!overseer) {
      sendForbidden(request, reply);
      return null;
    }
    if (!UUID_PATTERN.test(id) || !isOrgMember(db, ctx.org, id)) return missing('user');
    return { args, scope: { ...base, subject: { user: id }, orgId } };
  }
  if (!overseer) {
    sendForbidden(request, reply);
    return null;
  }
  const group = UUID_PATTERN.test(id) ? groupOrg(db, id) : undefined;
  if (!group || !orgSees(ctx.org, group.org_id)) return missing('group');
  return { args, scope: { ...base, subject: { group: id }, orgId } };
}

// The users resource's computed, read-only fields: groups, roles in the current org, validity, rights.
import type { HookArgs, Row } from '../engine/types.ts';
import { isBlocked } from '../core/auth/lockout.ts';
import type { UserRow } from '../core/context.ts';
import { pick, type Lang, type Localized } from '../core/lib/i18n.ts';
import { currentOrgRoles } from '../core/orgs/membership-store.ts';
import { ROLE_LABELS } from './labels.ts';
import { canDeleteUser, canUpdateUser } from './user-rules.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { groupsOfUser } from './group-store.ts';
import { reviewerIdsOf } from './login-confirm-store.ts';

export const ORG_ROLE_LABELS: Record<string, Localized> = {
  Admin: { en: 'Organization administrator', zh: '组织管理员' },
  Auditor: { en: 'Organization auditor', zh: '组织审计员' },
  User: { en: 'User', zh: '用户' },
};

export const orgRoleDisplayOf = (lang: Lang, orgRoles: string[]): string =>
  orgRoles.map((r) => pick(lang, ORG_ROLE_LABELS[r] ?? ORG_ROLE_LABELS.User)).join(' | ');

/** 2.3's total_role_display: the system role and the org roles, each label once, sorted. */
export function totalRoleDisplay(lang: Lang, role: string, orgRoles: string[]): string {
  const labels = new Set([
    pick(lang, ROLE_LABELS[role] ?? ROLE_LABELS.User),
    ...orgRoles.map((r) => pick(lang, ORG_ROLE_LABELS[r] ?? ORG_ROLE_LABELS.User)),
  ]);
  return [...labels].sort().join(' | ');
}

/** Groups of the user visible in the current org (every org's in ROOT). */
export function groupsOf(args: HookArgs, userId: string): { id: string; name: string }[] {
  const { org } = args.ctx;
  return groupsOfUser(args.db, userId, org.kind === 'root' ? null : storedOrgId(org));
}

export function serializeUser(args: HookArgs, row: Row, out: Row, mode: 'list' | 'retrieve'): void {
  const { lang } = args.ctx;
  const user = row as unknown as UserRow;
  const groups = groupsOf(args, user.id);
  const orgRoles = currentOrgRoles(args.db, user, args.ctx.org);
  const mfaForced = args.request.server.bastion.settings.get<boolean>('SECURITY_MFA_AUTH');
  const expired = new Date(user.date_expired).getTime() <= args.now;
  const orgRoleDisplay = orgRoleDisplayOf(lang, orgRoles);
  Object.assign(out, {
    groups: groups.map((g) => g.id),
    groups_display: groups.map((g) => g.name).join(' '),
    org_roles: orgRoles,
    org_role_display: orgRoleDisplay,
    total_role_display: totalRoleDisplay(lang, user.role, orgRoles),
    mfa_enabled: mfaForced || user.mfa_level > 0,
    mfa_force_enabled: mfaForced || user.mfa_level === 2,
    is_valid: user.is_active === 1 && !expired,
    is_expired: expired,
    login_blocked: isBlocked(args.db, user.username, args.now),
    can_update: canUpdateUser(args, row),
    can_delete: canDeleteUser(args, row),
    avatar_url: '/static/img/avatar/user.png',
  });
  // 2.3's UserRetrieveSerializer: the reviewers of the user's login confirmation (auth/confirm/login-confirm-routes.ts).
  if (mode === 'retrieve') out.login_confirm_settings = reviewerIdsOf(args.db, user.id);
}

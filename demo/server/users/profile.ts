// The profile body of /api/v1/users/profile/ (§1.15): every user field plus the org/role views.
import type { RequestContext, UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import { pick } from '../core/lib/i18n.ts';
import { formatDateTime } from '../core/lib/time.ts';
import { canAdmin, currentOrgRoles, isSuperAuditor, isSuperuser } from '../core/orgs/membership-store.ts';
import type { Settings } from '../core/context.ts';
import { MFA_LABELS, ROLE_LABELS, SOURCE_LABELS } from './labels.ts';
import { publicKeyInfo } from './public-key.ts';
import { orgRoleDisplayOf, totalRoleDisplay } from './user-fields.ts';
import { isBlocked } from '../core/auth/lockout.ts';
import { passwordExpiry } from './password-expiry.ts';
import { groupsOfUser } from './group-store.ts';
import { adminOrAuditOrgRefs, allOrgRefs, memberOrgRefs, type OrgRef } from './user-org-store.ts';

export function buildProfile(
  db: DB,
  settings: Settings,
  user: UserRow,
  ctx: Pick<RequestContext, 'org' | 'lang' | 'tz'>,
  nowMs: number,
) {
  const { lang, tz } = ctx;
  const groups = groupsOfUser(db, user.id, null);
  const mfaForced = settings.get<boolean>('SECURITY_MFA_AUTH');
  const mfaLevel = mfaForced ? 2 : user.mfa_level;
  const expired = new Date(user.date_expired).getTime() <= nowMs;
  const roles = currentOrgRoles(db, user, ctx.org);
  const passwordAge = passwordExpiry(user, settings, nowMs);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    role_display: pick(lang, ROLE_LABELS[user.role] ?? ROLE_LABELS.User),
    groups: groups.map((g) => g.id),
    groups_display: groups.map((g) => g.name).join(' '),
    mfa_level: mfaLevel,
    mfa_level_display: pick(lang, MFA_LABELS[mfaLevel] ?? MFA_LABELS[0]),
    mfa_enabled: mfaLevel > 0,
    mfa_force_enabled: mfaForced || user.mfa_level === 2,
    ...publicKeyInfo(user.public_key),
    comment: user.comment ?? '',
    wechat: user.wechat,
    phone: user.phone,
    is_active: user.is_active === 1,
    is_valid: user.is_active === 1 && !expired,
    is_expired: expired,
    is_first_login: user.is_first_login === 1,
    date_expired: formatDateTime(user.date_expired, tz),
    date_joined: formatDateTime(user.date_joined, tz),
    last_login: formatDateTime(user.last_login, tz),
    date_password_last_updated: formatDateTime(user.date_password_last_updated, tz),
    // 2.3's User.date_password_expired / password_expired_remain_days (null: not a local password).
    date_password_expired: passwordAge ? formatDateTime(new Date(passwordAge.dateExpiredMs).toISOString(), tz) : null,
    password_expired_remain_days: passwordAge?.remainDays ?? null,
    source: user.source,
    source_display: pick(lang, SOURCE_LABELS[user.source] ?? SOURCE_LABELS.local),
    created_by: user.created_by,
    avatar_url: '/static/img/avatar/user.png',
    admin_or_audit_orgs: adminOrAuditOrgs(db, user),
    user_all_orgs: userAllOrgs(db, user).map((o) => ({ value: o.id, label: o.name })),
    current_org_roles: roles,
    org_roles: roles,
    org_role_display: orgRoleDisplayOf(lang, roles),
    total_role_display: totalRoleDisplay(lang, user.role, roles),
    // 2.3's CanUpdateDeleteUser on oneself: update when the user administers the current org, never delete.
    can_update: canAdmin(db, user, ctx.org),
    can_delete: false,
    guide_url: settings.get<string>('USER_GUIDE_URL'),
    login_blocked: isBlocked(db, user.username, nowMs),
  };
}

const DEFAULT_REF: OrgRef = { id: 'DEFAULT', name: 'DEFAULT' };

/** Superusers and super auditors: DEFAULT + every org; others: orgs where they are Admin or Auditor. */
function adminOrAuditOrgs(db: DB, user: UserRow): OrgRef[] {
  if (isSuperuser(user) || isSuperAuditor(user)) return [DEFAULT_REF, ...allOrgRefs(db)];
  return adminOrAuditOrgRefs(db, user.id);
}

/** DEFAULT (everyone is a member) + member orgs; superusers and super auditors see every org. */
function userAllOrgs(db: DB, user: UserRow): OrgRef[] {
  if (isSuperuser(user) || isSuperAuditor(user)) return [DEFAULT_REF, ...allOrgRefs(db)];
  return [DEFAULT_REF, ...memberOrgRefs(db, user.id)];
}

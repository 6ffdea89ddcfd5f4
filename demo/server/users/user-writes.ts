// The users resource's write rules: role limit, password policy and strategy, group and org-role
// memberships (only in the current org), and the reset-link mail of password_strategy 0.
import type { HookArgs, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { hashPasswordNow } from '../core/lib/passwords.ts';
import { defaultExpiry, isoAt } from '../core/lib/time.ts';
import { uuid } from '../core/lib/ids.ts';
import type { OrgRole } from '../core/context.ts';
import { sendMail, type MailNote } from './mail.ts';
import { storePasswordHash } from './store-password.ts';
import { adminPasswordError } from './password-policy.ts';
import { parsePublicKey } from './public-key.ts';
import { mayAssignRole } from './user-rules.ts';
import { storedOrgId } from '../core/orgs/current-org.ts';
import { setMemberRoles } from '../core/orgs/membership-store.ts';
import { groupExists, setUserGroups as storeUserGroups } from './group-store.ts';
import { userEmail, userRole } from './user-store.ts';

const EMAIL_LINK = 0;
const notes = new WeakMap<Row, MailNote>();

const wantsPassword = (data: Row) =>
  Number(data.password_strategy ?? 1) !== EMAIL_LINK && typeof data.password === 'string' && data.password !== '';

export function validateUser(args: HookArgs, data: Row): Record<string, string[]> | null {
  const { lang } = args.ctx;
  const errors: Record<string, string[]> = {};
  if (data.role !== undefined && !mayAssignRole(args, data.role)) errors.role = [t(lang, 'user.role_limit')];
  const passwordError = wantsPassword(data)
    ? adminPasswordError(String(data.password), args.request.server.bastion.settings, lang)
    : null;
  if (passwordError) errors.password = passwordError;
  if (typeof data.public_key === 'string' && data.public_key && !parsePublicKey(data.public_key)) {
    errors.public_key = [t(lang, 'public_key.invalid')];
  }
  const unknown = Array.isArray(data.groups) ? data.groups.map(String).filter((id) => !groupInOrg(args, id)) : [];
  if (unknown.length) errors.groups = unknown.map((id) => t(lang, 'field.invalid_pk', { value: id }));
  return Object.keys(errors).length ? errors : null;
}

export function groupInOrg(args: HookArgs, groupId: string): boolean {
  const { org } = args.ctx;
  return groupExists(args.db, groupId, org.kind === 'root' ? null : storedOrgId(org));
}

export function prepareNewUser(args: HookArgs, data: Row): void {
  data.id = uuid();
  data.date_joined = isoAt(args.now);
  data.created_by = args.ctx.user.name;
  data.date_expired ??= defaultExpiry(args.now);
}

export function afterUserWrite(args: HookArgs, id: string, data: Row, mode: 'create' | 'update'): void {
  const { db, ctx } = args;
  if (wantsPassword(data)) {
    // Inside the write's transaction, so on this thread: an admin's edit, not a sign-in storm.
    storePasswordHash(db, args.request, id, hashPasswordNow(String(data.password)), args.now);
  }
  const role = userRole(db, id);
  // JumpServer keeps auditors out of user groups.
  const groups = role === 'Auditor' ? [] : (data.groups as string[] | undefined);
  if (groups) setUserGroups(args, id, groups);
  if (ctx.org.kind === 'real') {
    const roles = (data.org_roles as OrgRole[] | undefined) ?? (mode === 'create' ? ['User'] : undefined);
    if (roles) {
      setMemberRoles(db, ctx.org.id, id, roles);
    }
  }
  if (Number(data.password_strategy) === EMAIL_LINK) notes.set(data, resetLinkMail(args, id));
}

/** Adds the reset-mail note to the response of a create/update that asked for one. */
export function addMailNote(_args: HookArgs, data: Row, out: Row): void {
  const note = notes.get(data);
  if (note) Object.assign(out, note);
}

export function resetLinkMail(args: HookArgs, id: string): MailNote {
  const { settings } = args.request.server.bastion;
  const email = userEmail(args.db, id);
  const url = `${settings.get<string>('SITE_URL')}/core/auth/password/forgot/`;
  return sendMail(
    args.db,
    settings,
    args.ctx.lang,
    args.now,
    email,
    t(args.ctx.lang, 'mail.reset_password_subject'),
    t(args.ctx.lang, 'mail.reset_password_body', { url }),
  );
}

/** Replaces the user's groups in the current org's scope; groups of other orgs stay. */
function setUserGroups(args: HookArgs, userId: string, groupIds: string[]): void {
  const { db, ctx } = args;
  storeUserGroups(db, userId, groupIds, ctx.org.kind === 'root' ? null : storedOrgId(ctx.org));
}

// OPTIONS of the profile views as 2.3's serializers describe them (Lina's profile tabs and first-login
// page draw their forms from `actions.PUT`): UserProfileSerializer is the user serializer less the
// password, read-only but for a few fields; the password and public-key views have their own fields.
import type { FastifyInstance } from 'fastify';
import { IsValidUser } from '../core/permissions.ts';
import { describeRoute } from '../engine/route-options.ts';
import type { FieldDef } from '../engine/types.ts';
import { usersResource } from './resources/users.ts';

const L = (zh: string, en: string) => ({ en, zh });
const PROFILE_WRITABLE = new Set(['is_first_login', 'mfa_level', 'wechat', 'phone', 'comment', 'public_key']);

function profileFields(): Record<string, FieldDef> {
  const fields: Record<string, FieldDef> = {};
  for (const [name, field] of Object.entries(usersResource.fields)) {
    if (name === 'password') continue;
    fields[name] = PROFILE_WRITABLE.has(name)
      ? { ...field, required: false }
      : { ...field, read_only: true, required: false };
  }
  fields.mfa_level = {
    type: 'choice',
    label: L('多因子认证', 'MFA'),
    choices: [
      { value: 0, label: L('禁用', 'Disable') },
      { value: 1, label: L('启用', 'Enable') },
    ],
  };
  return {
    ...fields,
    public_key_comment: {
      type: 'string',
      label: L('公钥备注', 'Public key comment'),
      read_only: true,
      max_length: 128,
    },
    public_key_hash_md5: {
      type: 'string',
      label: L('公钥指纹', 'Public key hash md5'),
      read_only: true,
      max_length: 128,
    },
    admin_or_audit_orgs: { type: 'field', label: L('管理或审计的组织', 'Admin or audit orgs'), read_only: true },
    current_org_roles: { type: 'list', label: L('当前组织角色', 'Current org roles'), read_only: true },
    guide_url: { type: 'field', label: L('用户向导', 'Guide url'), read_only: true },
    user_all_orgs: { type: 'field', label: L('所在组织', 'User all orgs'), read_only: true },
  };
}

const password = (zh: string, en: string): FieldDef => ({
  type: 'string',
  label: L(zh, en),
  required: true,
  write_only: true,
  max_length: 128,
});

export function describeProfileRoutes(app: FastifyInstance): void {
  describeRoute(app, '/api/v1/users/profile/', {
    name: 'User Profile',
    permission: IsValidUser,
    fields: profileFields,
  });
  describeRoute(app, '/api/v1/users/profile/password/', {
    name: 'User Password',
    permission: IsValidUser,
    fields: {
      old_password: password('原来密码', 'Old password'),
      new_password: password('新密码', 'New password'),
      new_password_again: password('确认密码', 'New password again'),
    },
  });
  const publicKey: Record<string, FieldDef> = {
    public_key_comment: {
      type: 'string',
      label: L('公钥备注', 'Public key comment'),
      read_only: true,
      max_length: 128,
    },
    public_key_hash_md5: {
      type: 'string',
      label: L('公钥指纹', 'Public key hash md5'),
      read_only: true,
      max_length: 128,
    },
    public_key: {
      type: 'string',
      label: L('SSH公钥', 'Public key'),
      required: true,
      write_only: true,
      max_length: 2048,
    },
  };
  describeRoute(app, '/api/v1/users/profile/public-key/', {
    name: 'User Public Key',
    permission: IsValidUser,
    fields: publicKey,
  });
  describeRoute(app, '/api/v1/users/users/:pk/pubkey/update/', {
    name: 'User Update PK',
    permission: IsValidUser,
    fields: publicKey,
  });
}

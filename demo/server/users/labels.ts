import type { Localized } from '../core/lib/i18n.ts';

// Display texts of user choice fields (JumpServer's verbose choice names and their zh translations).
export const ROLE_LABELS: Record<string, Localized> = {
  Admin: { en: 'System administrator', zh: '系统管理员' },
  Auditor: { en: 'System auditor', zh: '系统审计员' },
  User: { en: 'User', zh: '用户' },
  App: { en: 'Application', zh: '应用程序' },
};

export const MFA_LABELS: Record<number, Localized> = {
  0: { en: 'Disable', zh: '禁用' },
  1: { en: 'Enable', zh: '启用' },
  2: { en: 'Force enable', zh: '强制启用' },
};

export const SOURCE_LABELS: Record<string, Localized> = {
  local: { en: 'Local', zh: '数据库' },
  ldap: { en: 'LDAP/AD', zh: 'LDAP/AD' },
  openid: { en: 'OpenID', zh: 'OpenID' },
  radius: { en: 'Radius', zh: 'Radius' },
  cas: { en: 'CAS', zh: 'CAS' },
};

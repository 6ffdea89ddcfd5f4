// The editable settings of /api/v1/settings/setting/, grouped exactly as JumpServer 2.3 (§2.11),
// plus our `license` group (the switch tests and demos use instead of an xpack licence file).
export type SettingType = 'string' | 'url' | 'integer' | 'boolean' | 'choice' | 'dict';

export interface SettingField {
  type: SettingType;
  default: unknown;
  required?: boolean;
  writeOnly?: boolean;
  allowBlank?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  choices?: readonly string[];
}

const str = (def = '', extra: Partial<SettingField> = {}): SettingField => ({
  type: 'string',
  default: def,
  allowBlank: true,
  ...extra,
});
const bool = (def: boolean): SettingField => ({ type: 'boolean', default: def });
const int = (def: number, min?: number, max?: number): SettingField => ({ type: 'integer', default: def, min, max });

export const SETTING_GROUPS: Record<string, Record<string, SettingField>> = {
  basic: {
    SITE_URL: { type: 'url', default: 'http://127.0.0.1:8080', required: true },
    USER_GUIDE_URL: { type: 'url', default: '', allowBlank: true },
    EMAIL_SUBJECT_PREFIX: str('[JMS] ', { maxLength: 1024 }),
  },
  email: {
    EMAIL_HOST: str('', { maxLength: 1024 }),
    EMAIL_PORT: str('25', { maxLength: 5 }),
    EMAIL_HOST_USER: str('', { maxLength: 128 }),
    EMAIL_HOST_PASSWORD: str('', { maxLength: 1024, writeOnly: true }),
    EMAIL_FROM: str('', { maxLength: 128 }),
    EMAIL_RECIPIENT: str('', { maxLength: 128 }),
    EMAIL_USE_SSL: bool(false),
    EMAIL_USE_TLS: bool(false),
  },
  email_content: {
    EMAIL_CUSTOM_USER_CREATED_SUBJECT: str('', { maxLength: 1024 }),
    EMAIL_CUSTOM_USER_CREATED_HONORIFIC: str('', { maxLength: 1024 }),
    EMAIL_CUSTOM_USER_CREATED_BODY: str('', { maxLength: 4096 }),
    EMAIL_CUSTOM_USER_CREATED_SIGNATURE: str('', { maxLength: 512 }),
  },
  ldap: {
    AUTH_LDAP_SERVER_URI: str('ldap://localhost:389', { maxLength: 1024 }),
    AUTH_LDAP_BIND_DN: str('cn=admin,dc=jumpserver,dc=org', { maxLength: 1024 }),
    AUTH_LDAP_BIND_PASSWORD: str('', { maxLength: 1024, writeOnly: true }),
    AUTH_LDAP_SEARCH_OU: str('ou=tech,dc=jumpserver,dc=org', { maxLength: 1024 }),
    AUTH_LDAP_SEARCH_FILTER: str('(cn=%(user)s)', { maxLength: 1024 }),
    AUTH_LDAP_USER_ATTR_MAP: { type: 'dict', default: { username: 'cn', name: 'sn', email: 'mail' } },
    AUTH_LDAP: bool(false),
  },
  terminal: {
    TERMINAL_PASSWORD_AUTH: bool(true),
    TERMINAL_PUBLIC_KEY_AUTH: bool(true),
    TERMINAL_HEARTBEAT_INTERVAL: int(20, 5, 99999),
    TERMINAL_ASSET_LIST_SORT_BY: { type: 'choice', default: 'hostname', choices: ['hostname', 'ip'] },
    TERMINAL_ASSET_LIST_PAGE_SIZE: {
      type: 'choice',
      default: 'auto',
      choices: ['all', 'auto', '10', '15', '25', '50'],
    },
    TERMINAL_SESSION_KEEP_DURATION: int(200, 1, 99999),
    TERMINAL_TELNET_REGEX: str(''),
  },
  security: {
    SECURITY_MFA_AUTH: bool(false),
    SECURITY_COMMAND_EXECUTION: bool(true),
    SECURITY_SERVICE_ACCOUNT_REGISTRATION: { type: 'boolean', default: true, required: true },
    SECURITY_LOGIN_LIMIT_COUNT: int(7, 3, 99999),
    SECURITY_LOGIN_LIMIT_TIME: int(30, 5, 99999),
    SECURITY_MAX_IDLE_TIME: int(30, 1, 99999),
    SECURITY_PASSWORD_EXPIRATION_TIME: int(9999, 1, 99999),
    SECURITY_PASSWORD_MIN_LENGTH: int(6, 6, 30),
    SECURITY_PASSWORD_UPPER_CASE: bool(false),
    SECURITY_PASSWORD_LOWER_CASE: bool(false),
    SECURITY_PASSWORD_NUMBER: bool(false),
    SECURITY_PASSWORD_SPECIAL_CHAR: bool(false),
  },
  license: {
    XPACK_LICENSE_IS_VALID: bool(false),
  },
};

/** Stored like the others but not editable through the API (JumpServer reads them from config). */
export const FIXED_SETTINGS: Record<string, unknown> = {
  WINDOWS_SKIP_ALL_MANUAL_PASSWORD: false,
  LOGIN_CONFIRM_ENABLE: false,
  SECURITY_VIEW_AUTH_NEED_MFA: true,
  SECURITY_MFA_VERIFY_TTL: 3600,
  TICKETS_ENABLED: true,
  LOGO_URLS: {
    logo_logout: '/static/img/logo.png',
    // Exactly the default path: the console shows its built-in text logo for it.
    logo_index: '/static/img/logo.png',
    login_image: '/static/img/login_image.png',
    favicon: '/static/img/facio.ico',
  },
};

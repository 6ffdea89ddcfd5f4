// Labels and help texts of the editable settings, zh (default) and en, for OPTIONS
// /api/v1/settings/setting/. Units follow SPEC §9 ("Settings units and items"); the ranges quoted in
// the help texts are the schema's (schema.ts), so the form and the server say the same.
import { L as l, type Localized } from '../core/lib/i18n.ts';

export interface SettingText {
  label: Localized;
  help?: Localized;
}

const f = (label: Localized, help?: Localized): SettingText => ({ label, help });

export const GROUP_LABELS: Record<string, Localized> = {
  basic: l('基本设置', 'Basic'),
  email: l('邮件设置', 'Email'),
  email_content: l('邮件内容', 'Email content'),
  ldap: l('LDAP 设置', 'LDAP'),
  terminal: l('终端设置', 'Terminal'),
  security: l('安全设置', 'Security'),
  license: l('许可证', 'Licence'),
};

export const SETTING_TEXTS: Record<string, SettingText> = {
  SITE_URL: f(
    l('当前站点 URL', 'Site URL'),
    l('例: http://dev.jumpserver.org:8080', 'e.g. http://dev.jumpserver.org:8080'),
  ),
  USER_GUIDE_URL: f(
    l('用户向导 URL', 'User guide URL'),
    l('用户第一次登录，修改个人信息后跳转的地址', 'Where users go after completing their profile on first login'),
  ),
  EMAIL_SUBJECT_PREFIX: f(l('邮件主题前缀', 'Email subject prefix'), l('例: [JMS]', 'e.g. [JMS]')),

  EMAIL_HOST: f(l('SMTP 主机', 'SMTP host')),
  EMAIL_PORT: f(l('SMTP 端口', 'SMTP port')),
  EMAIL_HOST_USER: f(l('SMTP 账号', 'SMTP account')),
  EMAIL_HOST_PASSWORD: f(
    l('SMTP 密码', 'SMTP password'),
    l('留空则保持原密码', 'Leave blank to keep the current password'),
  ),
  EMAIL_FROM: f(l('发件人', 'Send user'), l('留空时使用 SMTP 账号', 'The SMTP account when blank')),
  EMAIL_RECIPIENT: f(
    l('测试收件人', 'Test recipient'),
    l('仅用于测试邮件；留空时使用发件人', 'Only for the test mail; the sender when blank'),
  ),
  EMAIL_USE_SSL: f(l('使用 SSL', 'Use SSL'), l('如果 SMTP 端口是 465，通常需要启用 SSL', 'Port 465 usually needs SSL')),
  EMAIL_USE_TLS: f(l('使用 TLS', 'Use TLS'), l('如果 SMTP 端口是 587，通常需要启用 TLS', 'Port 587 usually needs TLS')),

  EMAIL_CUSTOM_USER_CREATED_SUBJECT: f(
    l('创建用户邮件的主题', 'Create user email subject'),
    l('提示: 创建用户时，发送设置密码邮件的主题', 'Subject of the set-password mail sent to a new user'),
  ),
  EMAIL_CUSTOM_USER_CREATED_HONORIFIC: f(
    l('创建用户邮件的对用户的尊称', 'Create user honorific'),
    l('提示: 创建用户时，发送设置密码邮件的敬语', 'Salutation of the set-password mail'),
  ),
  EMAIL_CUSTOM_USER_CREATED_BODY: f(
    l('创建用户邮件的内容', 'Create user email content'),
    l('提示: 创建用户时，发送设置密码邮件的内容', 'Body of the set-password mail'),
  ),
  EMAIL_CUSTOM_USER_CREATED_SIGNATURE: f(
    l('署名', 'Signature'),
    l('提示: 邮件的署名 (例如: jumpserver)', "The mail's signature (e.g. jumpserver)"),
  ),

  AUTH_LDAP_SERVER_URI: f(l('LDAP 地址', 'LDAP server'), l('例: ldap://127.0.0.1:389', 'e.g. ldap://127.0.0.1:389')),
  AUTH_LDAP_BIND_DN: f(l('绑定 DN', 'Bind DN')),
  AUTH_LDAP_BIND_PASSWORD: f(l('密码', 'Password'), l('留空则保持原密码', 'Leave blank to keep the current password')),
  AUTH_LDAP_SEARCH_OU: f(l('用户 OU', 'User OU'), l('可使用 | 分隔多个 OU', 'Separate several OUs with |')),
  AUTH_LDAP_SEARCH_FILTER: f(
    l('用户过滤器', 'User search filter'),
    l('选择用户的过滤条件，例: (cn=%(user)s)', 'Filter selecting users, e.g. (cn=%(user)s)'),
  ),
  AUTH_LDAP_USER_ATTR_MAP: f(
    l('LDAP 属性映射', 'User attr map'),
    l(
      '用户属性映射代表怎样将 LDAP 中用户属性映射到 JumpServer 用户上，username、name、email 是 JumpServer 的用户需要属性',
      'How LDAP attributes map onto users: username, name and email are required (JSON)',
    ),
  ),
  AUTH_LDAP: f(l('启用 LDAP 认证', 'Enable LDAP auth')),

  TERMINAL_PASSWORD_AUTH: f(l('密码认证', 'Password auth')),
  TERMINAL_PUBLIC_KEY_AUTH: f(
    l('密钥认证', 'Public key auth'),
    l('提示: 如果不开启，SSH 终端只允许密码登录', 'When off, the SSH terminal accepts passwords only'),
  ),
  TERMINAL_HEARTBEAT_INTERVAL: f(
    l('心跳间隔 (秒)', 'Heartbeat interval (s)'),
    l('单位: 秒，5–99999', 'Seconds, 5–99999'),
  ),
  TERMINAL_ASSET_LIST_SORT_BY: f(l('资产列表排序', 'List sort by')),
  TERMINAL_ASSET_LIST_PAGE_SIZE: f(l('资产列表每页数量', 'List page size')),
  TERMINAL_SESSION_KEEP_DURATION: f(
    l('会话日志保存时间 (天)', 'Session keep duration (days)'),
    l(
      '单位: 天，超过时间的会话、录像、命令记录会被删除，1–99999',
      'Days; older sessions, replays and commands are deleted, 1–99999',
    ),
  ),
  TERMINAL_TELNET_REGEX: f(
    l('Telnet 成功正则表达式', 'Telnet login regex'),
    l('例: Last login|success', 'e.g. Last login|success'),
  ),

  SECURITY_MFA_AUTH: f(
    l('多因子认证', 'MFA'),
    l('开启后，所有用户登录时都需使用多因子认证 (包括管理员)', 'When on, every user signs in with MFA (admins too)'),
  ),
  SECURITY_COMMAND_EXECUTION: f(
    l('批量命令', 'Batch command'),
    l('允许用户批量执行命令', 'Users may run batch commands'),
  ),
  SECURITY_SERVICE_ACCOUNT_REGISTRATION: f(
    l('终端注册', 'Terminal registration'),
    l('允许终端使用引导令牌注册', 'Terminals may register with the bootstrap token'),
  ),
  SECURITY_LOGIN_LIMIT_COUNT: f(
    l('登录失败次数限制', 'Limit the number of login failures'),
    l('至少 3 次', 'At least 3'),
  ),
  SECURITY_LOGIN_LIMIT_TIME: f(
    l('禁止登录时间间隔 (分)', 'No logon interval (min)'),
    l(
      '单位: 分，至少 5 分钟；达到失败次数后该时间内禁止登录',
      'Minutes, at least 5: sign-in is refused this long after too many failures',
    ),
  ),
  SECURITY_MAX_IDLE_TIME: f(
    l('连接最大空闲时间 (分)', 'Connection max idle time (min)'),
    l('单位: 分，1–99999；超过此时间无操作会断开连接', 'Minutes, 1–99999: an idle connection is closed after this'),
  ),
  SECURITY_PASSWORD_EXPIRATION_TIME: f(
    l('密码过期时间 (天)', 'User password expiration (days)'),
    l('单位: 天，1–99999；到期前 5 天每天发送提醒', 'Days, 1–99999; a daily reminder starts 5 days before'),
  ),
  SECURITY_PASSWORD_MIN_LENGTH: f(l('密码最小长度', 'Password minimum length'), l('6–30', '6–30')),
  SECURITY_PASSWORD_UPPER_CASE: f(l('必须包含大写字符', 'Must contain capital')),
  SECURITY_PASSWORD_LOWER_CASE: f(l('必须包含小写字符', 'Must contain lowercase')),
  SECURITY_PASSWORD_NUMBER: f(l('必须包含数字', 'Must contain numeric')),
  SECURITY_PASSWORD_SPECIAL_CHAR: f(l('必须包含特殊字符', 'Must contain special characters')),

  XPACK_LICENSE_IS_VALID: f(l('许可证有效', 'Licence valid')),
};

/** Choice labels where the raw value reads poorly. */
export const CHOICE_LABELS: Record<string, Record<string, Localized>> = {
  TERMINAL_ASSET_LIST_SORT_BY: { hostname: l('主机名', 'Hostname'), ip: l('IP', 'IP') },
  TERMINAL_ASSET_LIST_PAGE_SIZE: { all: l('全部', 'All'), auto: l('自动', 'Auto') },
};

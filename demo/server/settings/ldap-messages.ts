// The LDAP feature's texts, as 2.3 words them (apps/settings/utils/ldap.py, api.py) in both languages.
import { L, type Localized } from '../core/lib/i18n.ts';

export const LDAP_TEXT = {
  hostDisconnected: L('主机或端口不可连接: {detail}', 'Host or port is disconnected: {detail}'),
  notLdapPort: L('端口不是LDAP服务端口: {detail}', 'The port is not the port of the LDAP service: {detail}'),
  unknown: L('未知错误: {detail}', 'Unknown error: {detail}'),
  enterBindDn: L('请输入绑定DN: {detail}', 'Please enter Bind DN: {detail}'),
  enterPassword: L('请输入密码: {detail}', 'Please enter Password: {detail}'),
  wrongBind: L('请输入正确的绑定DN和密码: {detail}', 'Please enter correct Bind DN and Password: {detail}'),
  bindIncorrect: L('绑定DN或密码错误', 'Bind DN or Password incorrect'),
  badOuOrFilter: L('不合法的用户OU或用户过滤器: {detail}', 'Invalid User OU or User search filter: {detail}'),
  attrMapMissing: L('LDAP属性映射没有包含: {detail}', 'LDAP User attr map not include: {detail}'),
  attrMapNotDict: L('LDAP属性映射不合法', 'LDAP User attr map is not dict'),
  notEnabled: L('LDAP认证没有启用', 'LDAP authentication is not enabled'),
  errServer: L('错误 （不合法的LDAP服务器地址）: {detail}', 'Error (Invalid LDAP server): {detail}'),
  errBind: L('错误（不合法的绑定DN）: {detail}', 'Error (Invalid Bind DN): {detail}'),
  errAttrMap: L('错误（不合法的LDAP属性映射）: {detail}', 'Error (Invalid LDAP User attr map): {detail}'),
  errOuOrFilter: L(
    '错误（不合法的用户OU或用户过滤器）: {detail}',
    'Error (Invalid User OU or User search filter): {detail}',
  ),
  errNotEnabled: L('错误（没有启用LDAP认证）: {detail}', 'Error (Not enabled LDAP authentication): {detail}'),
  errUnknown: L('错误（未知）: {detail}', 'Error (Unknown): {detail}'),
  matched: L('成功匹配 {count} 个用户', 'Succeed: Match {count} s user'),
  loginConfig: L('认证失败（配置错误）: {detail}', 'Authentication failed (configuration incorrect): {detail}'),
  loginPreCheck: L(
    '认证失败（登录前检查失败）: {detail}',
    'Authentication failed (before login check failed): {detail}',
  ),
  loginRejected: L(
    '认证失败 (用户名或密码不正确): {detail}',
    'Authentication failed (username or password incorrect): {detail}',
  ),
  loginUnknown: L('认证失败: (未知): {detail}', 'Authentication failed (Unknown): {detail}'),
  loginOk: L('认证成功: {detail}', 'Authentication success: {detail}'),
  imported: L('导入 {count} 个用户成功', 'Imported {count} users successfully'),
  noUsers: L('获取 LDAP 用户为 None', 'Get ldap users is None'),
  syncError: L('同步错误: {detail}', 'Synchronization error: {detail}'),
} satisfies Record<string, Localized>;

import { registerMessages } from '../../core/i18n/index.ts';

export const zh = {
  settings: {
    tabs: {
      basic: '基本设置',
      email: '邮件设置',
      emailContent: '邮件内容',
      ldap: 'LDAP 设置',
      terminal: '终端设置',
      security: '安全设置',
      license: '许可证',
    },
    sections: {
      basicInfo: '基本信息',
      createUser: '创建用户设置',
      basicSetting: '基本设置',
      security: '安全设置',
      passwordRules: '密码校验规则',
    },
    mailTest: '测试连接',
    invalidJson: '请输入有效的 JSON 对象',
    ldap: {
      testConnection: '测试连接',
      testLogin: '测试登录',
      bulkImport: '一键导入',
      loginTitle: '测试LDAP 用户登录',
      loginTip: '请先提交LDAP配置再进行测试登录',
      username: '用户名',
      password: '密码',
      usernamePlaceholder: '请输入用户名',
      passwordPlaceholder: '请输入密码',
      importTitle: 'LDAP 用户列表',
      importTip: '请先提交LDAP配置再进行导入',
      refreshCache: '刷新缓存',
      refreshing: '刷新Ldap缓存，请稍后',
      syncing: '正在从 LDAP 同步用户，请稍后…',
      loading: '加载中…',
      import: '导入',
      unselected: '没有选择用户',
      columns: { username: '用户名', name: '名称', email: '邮箱', existing: '已存在' },
    },
    license: {
      corporation: '企业',
      edition: '版本',
      subscription_id: '订阅授权 ID',
      asset_count: '资产数量',
      date_expired: '过期时间',
      is_valid: '状态',
      valid: '有效',
      invalid: '无效',
      none: '当前没有导入许可证',
      file: '许可证文件',
      import: '导入许可证',
    },
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

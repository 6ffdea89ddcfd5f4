import { registerMessages } from '../../core/i18n/index.ts'

export const zh = {
  settings: {
    tabs: { basic: '基本设置', email: '邮件设置', emailContent: '邮件内容', ldap: 'LDAP 设置', terminal: '终端设置', security: '安全设置', license: '许可证' },
    mailTest: '测试连接',
    invalidJson: '请输入有效的 JSON 对象',
    license: {
      corporation: '企业', edition: '版本', subscription_id: '订阅授权 ID', asset_count: '资产数量', date_expired: '过期时间',
      is_valid: '状态', valid: '有效', invalid: '无效', none: '当前没有导入许可证', file: '许可证文件', import: '导入许可证',
    },
  },
}

registerMessages({ zh, en: () => import('./i18n.en.ts') })

import { registerMessages } from '../../core/i18n/index.ts';

// Wording of the Applications section: the remote-app `params` keys of each type (jumpserver-api.md §2.4).
export const zh = {
  applications: {
    groups: { basic: '基本', type: '类型参数', other: '其它' },
    params: {
      chrome_target: '目标URL',
      chrome_username: '用户名',
      chrome_password: '密码',
      mysql_workbench_ip: '数据库IP',
      mysql_workbench_port: '端口',
      mysql_workbench_name: '数据库名',
      mysql_workbench_username: '用户名',
      mysql_workbench_password: '密码',
      vmware_target: '目标地址',
      vmware_username: '用户名',
      vmware_password: '密码',
      custom_cmdline: '命令行',
      custom_target: '目标地址',
      custom_username: '用户名',
      custom_password: '密码',
    },
    help: { password: '留空则保持原密码', cluster: '以 http:// 或 https:// 开头的 API 服务器地址' },
    invalidUrl: '请输入以 http:// 或 https:// 开头的网址',
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import { registerMessages } from '../i18n/index.ts';

// Messages of the shell itself (sidebar, navbar, tags, dialogs); pages register their own.
export const zh = {
  ui: {
    loading: '加载中…',
    error: { crashed: '页面出错了' },
    logoText: 'Bastion',
    logoMark: 'B',
    org: { label: '组织' },
    navbar: { toggle: '切换侧边栏', menu: '菜单' },
    help: { title: '帮助', docs: '文档', support: '商业支持', enterprise: '企业版' },
    lang: { title: '语言' },
    tags: { label: '已打开的页面' },
    account: {
      profile: '个人信息',
      adminPage: '管理页面',
      userPage: '用户页面',
      apiKey: 'API Key',
      logout: '注销登录',
    },
    apiKey: {
      title: 'API Key',
      id: 'ID',
      secret: '密钥',
      active: '激活',
      created: '创建日期',
      show: '显示',
      on: '启用',
      off: '禁用',
      yes: '是',
      no: '否',
      empty: '暂无数据',
      searchPlaceholder: '搜索',
      total: '共 {{count}} 条',
      prev: '上一页',
      next: '下一页',
    },
    footer: { license: 'Bastion Console 基于 GPLv2 许可发布', copyright: 'Copyright © {{years}}' },
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import { registerMessages } from '../../core/i18n/index.ts';

export const zh = {
  dashboard: {
    orgs: { title: '我管理或审计的组织', empty: '无' },
    roles: { title: '角色概览', system: '系统角色', currentOrg: '当前组织', orgRoles: '当前组织角色' },
    orgRole: { Admin: '管理员', Auditor: '审计员', User: '用户' },
    range: { label: '统计范围', week: '近 7 天', month: '近 30 天' },
    cards: { users: '用户总数', assets: '资产总数', onlineUsers: '在线用户', onlineSessions: '在线会话' },
    chart: {
      title: '登录趋势',
      day: '日期',
      login: '资产登录次数',
      activeUsers: '活跃用户',
      activeAssets: '活跃资产',
      signIn: '用户登录次数',
    },
    ring: { users: '用户活跃比例', assets: '资产活跃比例', active: '活跃', inactive: '不活跃', disabled: '禁用' },
    top: {
      users: '用户登录 Top 10',
      assets: '资产被登录 Top 10',
      user: '用户',
      asset: '资产',
      total: '登录次数',
      last: '最后登录',
    },
    latest: {
      title: '最近 10 个会话',
      user: '用户',
      asset: '资产',
      started: '开始时间',
      since: '距今',
      state: '状态',
      online: '在线',
      finished: '已结束',
      detail: '详情',
    },
    storage: {
      title: '存储状态',
      where: '位置',
      state: '状态',
      lastFault: '最近一次故障',
      server: '服务器数据目录',
      terminal: '终端',
      offline: '离线',
    },
    empty: '暂无数据',
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import { registerMessages } from '../../core/i18n/index.ts';

// Wording of the Tickets pages (2.3's where Lina has it: tickets.Pending, Approved, Rejected, Closed, reply…).
export const zh = {
  tickets: {
    tabs: { mine: '我的工单', assigned: '待我审批' },
    request: '申请资产授权',
    state: { open: '待处理', approved: '已批准', rejected: '已拒绝', closed: '已关闭' },
    groups: { basic: '基本', request: '申请的权限' },
    field: {
      ips: 'IP组',
      ipsHelp: '用逗号分隔多个 IP 地址',
      hostname: '主机名',
      hostnameHelp: '支持模糊匹配',
      actions: '动作',
      org: '组织',
      assignees: '审批人',
      window: '有效期',
    },
    info: {
      title: '工单信息',
      request: '申请内容',
      assignees: '审批人',
      assignee: '处理人',
      org: '组织',
      actions: '动作',
    },
    comments: { title: '消息', reply: '回复', empty: '还没有消息', placeholder: '写一条回复' },
    act: {
      title: '审批',
      assets: '资产',
      systemUser: '系统用户',
      approve: '同意',
      reject: '拒绝',
      close: '关闭',
      needBoth: '请先确认资产和系统用户',
      approved: '工单已批准',
      rejected: '工单已拒绝',
      closed: '工单已关闭',
      replied: '已回复',
      confirmReject: '拒绝这个工单？',
      confirmClose: '关闭这个工单？',
    },
    badIp: '不是有效的 IP 地址: {{ip}}',
    windowOrder: '失效日期必须晚于开始日期',
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import { registerMessages } from '../../core/i18n/index.ts';

// Texts of the web terminal page (/luna/): choosing an asset and a system user, then the terminal.

export const zh = {
  webterm: {
    title: 'Web终端',
    loading: '加载中…',
    signIn: { prompt: '请先登录再使用 Web 终端。', link: '登录' },
    assets: {
      heading: '选择要连接的资产',
      empty: '您还没有被授权任何资产。请联系管理员为您创建资产授权。',
      connect: '连接',
    },
    databases: { heading: '或选择要连接的数据库应用' },
    asset: {
      notGranted: '该资产不存在或未授权给您。',
      choose: '选择其他资产',
    },
    systemUsers: {
      heading: '选择登录 {{hostname}} 的系统用户',
      none: '您在该资产上没有可用于 Web 终端连接的系统用户（需要 SSH 协议和连接权限）。',
      connect: '连接',
    },
    app: {
      unsupported: 'Web 终端只能连接资产和数据库应用，暂不支持此类应用。',
      remote: '远程应用需要一台 Windows RemoteApp 主机和图形终端组件（如 Guacamole），本终端只承载 SSH 和 MySQL 会话。',
      k8s: 'Kubernetes 应用需要终端能够访问的集群 API 服务器，本终端只承载 SSH 和 MySQL 会话。',
      missing: '没有指定数据库应用。请从“我的应用”中连接。',
      notGranted: '该数据库应用不存在或未授权给您。',
      noSystemUser: '您在该数据库应用上没有授权的系统用户。',
    },
    session: {
      connecting: '正在连接 {{hostname}}…',
      closed: '连接已断开。',
      tokenFailed: '无法获取连接令牌：{{message}}',
      reconnect: '重新连接',
      other: '连接其他资产',
      leaveKey: '终端接收所有按键（包括 Tab）：按 Ctrl+] 离开终端，回到这里',
      keysBar: '终端操作',
    },
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import { registerMessages } from '../../core/i18n/index.ts'

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
    asset: {
      notGranted: '该资产不存在或未授权给您。',
      choose: '选择其他资产',
    },
    systemUsers: {
      heading: '选择登录 {{hostname}} 的系统用户',
      none: '您在该资产上没有可用于 Web 终端连接的系统用户（需要 SSH 协议和连接权限）。',
      connect: '连接',
    },
    app: { unsupported: 'Web 终端只能连接资产，暂不支持此类应用。' },
    session: {
      connecting: '正在连接 {{hostname}}…',
      closed: '连接已断开。',
      tokenFailed: '无法获取连接令牌：{{message}}',
      reconnect: '重新连接',
      other: '连接其他资产',
    },
  },
}

registerMessages({ zh, en: () => import('./i18n.en.ts') })

import { registerMessages } from '../../core/i18n/index.ts'

// Wording of the Sessions section (sessions, commands, terminals, storages). Route titles are core's.
export const zh = {
    terminal: {
      tabs: { online: '在线会话', history: '历史会话', replayStorage: '录像存储', commandStorage: '命令存储', commands: '命令记录' },
      column: {
        index: '序号', target: '目标', command: '命令', loginFrom: '登录来源', protocol: '协议', duration: '时长',
        riskLevel: '风险等级', session: '会话', date: '日期', output: '输出', input: '命令', alive: '在线',
        sessionOnline: '在线会话', type: '类型', storage: '存储',
      },
      action: {
        terminate: '终断', replay: '回放', download: '下载', accept: '接受', test: '测试连接', goto: '转到',
        replayAt: '从此处回放', storages: '存储配置',
      },
      message: {
        terminateSent: '终断任务已发送，请稍后查看', accepted: '终端已接受', noReplay: '此会话没有录像',
        testOk: '连接成功', testFailed: '连接失败',
      },
      risk: { ordinary: '普通', dangerous: '危险' },
      session: { info: '会话信息', commands: '会话命令', player: '录像回放', finished: '已结束', online: '在线' },
      storage: {
        create: '创建', types: '存储类型', bucket: '桶名称', accessKey: 'Access key', secretKey: 'Secret key', endpoint: '端点',
        region: '地域', protocol: '协议', containerName: '容器名称', accountName: '账户名称', accountKey: '账户密钥',
        endpointSuffix: '端点后缀', hosts: '主机', index: '索引', docType: '文档类型',
        secretHelp: '留空则保持原值', hostsHelp: '多个主机用逗号分隔',
      },
      filter: { user: '用户', asset: '资产', systemUser: '系统用户', input: '命令' },
      storageState: {
        ok: '正常', low: '空间不足', full: '磁盘已满', read_only: '存储只读', io: '读写出错', unknown: '未知', free: '可用 {{free}} / 共 {{total}}',
      },
      empty: '无',
    },
  }

registerMessages({ zh, en: () => import('./i18n.en.ts') })

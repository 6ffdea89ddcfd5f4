import { registerMessages } from '../../core/i18n/index.ts'

// Wording of the Sessions section (sessions, commands, terminals, storages). Route titles are core's.
export const zh = {
    terminal: {
      tabs: { online: '在线会话', history: '历史会话', replayStorage: '录像存储', commandStorage: '命令存储', commands: '命令记录' },
      column: {
        index: '序号', target: '目标', command: '命令', loginFrom: '登录来源', protocol: '协议', duration: '时长',
        riskLevel: '风险等级', session: '会话', date: '日期', output: '输出', input: '命令', alive: '在线',
        sessionOnline: '在线会话', type: '类型', storage: '存储', sshPort: 'SSH 端口', webDoor: 'Web 终端端口', replayStorage: '录像存储',
        commandStorage: '命令存储', uploads: '录像上传', keptIn: '保存位置',
      },
      action: {
        terminate: '终断', replay: '回放', download: '下载', accept: '接受', test: '测试连接', goto: '转到',
        replayAt: '从此处回放', storages: '存储配置', sessions: '会话',
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
      kept: {
        database: '服务器数据库', bucket: '对象存储桶', nowhere: '不保存', serverDisk: '服务器磁盘',
        azureOnServer: '服务器磁盘（尚不支持 Azure）',
        commandsNote: '本部署的命令始终保存在服务器数据库中：Elasticsearch 命令存储可以保存，但终端不会写入（这里无法运行 Elasticsearch 来测试写入）。',
        azureNote: 'Azure：指向此存储的终端的录像仍保存在服务器磁盘上（尚未提供 Azure 写入）。',
        objectNote: 'S3、Ceph、Swift、OSS：终端把每个录像以 gzip 上传到此桶：<日期>/<会话 ID>.cast.gz。',
      },
      replayState: {
        retrying: '录像尚未保存到 {{storage}}，正在重试：{{error}}',
        uploading: '录像正在保存到 {{storage}}…',
        terminalOffline: '录像尚未保存到 {{storage}}：其终端离线（{{error}}），终端恢复运行后送达。',
        notKept: '未保存录像：终端的录像存储 {{storage}} 为 Null。',
      },
      uploads: { ok: '正常', waiting: '{{count}} 个待保存', failing: '{{count}} 个待保存，存储失败，重试中：{{error}}', unknown: '终端离线' },
    },
  }

registerMessages({ zh, en: () => import('./i18n.en.ts') })

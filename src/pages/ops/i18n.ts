import { registerMessages } from '../../core/i18n/index.ts'

// Texts of the Ops section (2.3's where it has them: 执行, 版本, 执行历史, 运行用户, 批量命令).
export const zh = {
  ops: {
    taskLog: { title: '任务日志', finished: '任务结束', failed: '获取日志失败', openTab: '在新标签页中打开', close: '关闭', backToConsole: '返回控制台' },
    task: {
      run: '执行', runStarted: '任务已开始执行', versions: '版本', history: '执行历史', contents: '内容',
      summary: '汇总', latest: '最后执行', success: '成功', failed: '失败', total: '总共', log: '日志',
      lastSuccess: '成功主机', lastFailure: '失败主机', hostsAmount: '主机数量', timedelta: '用时（秒）',
      isFinished: '是否完成', isSuccess: '是否成功', dateStart: '开始时间', runTimes: '执行次数', task: '任务',
      module: '模块', args: '参数', none: '无',
    },
    batch: {
      assets: '资产', runAs: '运行用户', command: '命令', run: '执行', stop: '停止', running: '执行中…',
      placeholder: '输入要在所选资产上执行的命令，例如：hostname; id',
      selected: '已选 {{count}} 台资产', noAssets: '请先勾选资产', noRunAs: '请选择运行用户', noCommand: '请输入命令',
      noSystemUsers: '所选资产没有共同的 SSH 系统用户', loadingTree: '正在加载资产树…', emptyTree: '没有授权的资产',
      summary: '汇总：成功 {{ok}} 台，失败 {{failed}} 台，跳过 {{skipped}} 台', stopped: '已停止',
      expand: '展开', collapse: '收起', output: '输出', history: '执行记录',
    },
  },
}

registerMessages({ zh, en: () => import('./i18n.en.ts') })

import { registerMessages } from '../../core/i18n/index.ts'

registerMessages({
  zh: { ops: { taskLog: { title: '任务日志', finished: '任务结束', failed: '获取日志失败' } } },
  en: { ops: { taskLog: { title: 'Task log', finished: 'Task finished', failed: 'Could not read the log' } } },
})

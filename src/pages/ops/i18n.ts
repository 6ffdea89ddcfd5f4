import { registerMessages } from '../../core/i18n/index.ts'

export const zh = { ops: { taskLog: { title: '任务日志', finished: '任务结束', failed: '获取日志失败' } } }

registerMessages({ zh, en: () => import('./i18n.en.ts') })

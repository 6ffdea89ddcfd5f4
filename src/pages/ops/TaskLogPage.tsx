import { useT } from '../../core/i18n/index.ts'
import type { PageProps } from '../../core/routes.ts'
import { useTaskLog } from './use-task-log.ts'
import './i18n.ts'

const PAGE_CSS = `.task-log-page { background: #000; min-height: 100vh; padding: 8px; box-sizing: border-box; }
.task-log-page .status { color: #a8adb3; font: 12px monospace; margin: 4px 0 0; }`

/** CeleryTaskLog: a bare page streaming a task's log into a terminal until the task ends. */
export function TaskLogPage({ params }: PageProps) {
  const t = useT()
  const { host, status } = useTaskLog(params.id)

  return (
    <section className="task-log-page" data-status={status}>
      <style>{PAGE_CSS}</style>
      <div ref={host} className="task-log-terminal" />
      {status !== 'running' && <p className="status">{t(status === 'finished' ? 'ops.taskLog.finished' : 'ops.taskLog.failed')}</p>}
    </section>
  )
}

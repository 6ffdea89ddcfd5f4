import { useT } from '../../core/i18n/index.ts';
import type { PageProps } from '../../core/routes.ts';
import { useTaskLog } from './use-task-log.ts';
import './i18n.ts';

const PAGE_CSS = `.task-log-page { background: #000; min-height: 100vh; padding: 8px; box-sizing: border-box; }
.task-log-page .task-log-bar { display: flex; align-items: center; gap: 16px; margin: 0 0 8px; color: #e8ebee; font-size: 14px; }
.task-log-page .task-log-bar h1 { font-size: inherit; margin: 0; }
.task-log-page .task-log-bar a { color: #7fd8c1; }
.task-log-page .status { color: #a8adb3; font: 12px monospace; margin: 4px 0 0; }`;

/**
 * CeleryTaskLog: a bare page streaming a task's log into a terminal until the task ends; its bar leads
 * back to the console (opened in the tab the console was in, Back was the only way out).
 */
export function TaskLogPage({ params }: PageProps) {
  const t = useT();
  const { host, status } = useTaskLog(params.id);

  return (
    <section className="task-log-page" data-status={status}>
      <style>{PAGE_CSS}</style>
      <header className="task-log-bar">
        <h1>{t('ops.taskLog.title')}</h1>
        <a href="#/" className="back-to-console">
          {t('ops.taskLog.backToConsole')}
        </a>
      </header>
      <div ref={host} className="task-log-terminal" />
      {status !== 'running' && (
        <p className="status">{t(status === 'finished' ? 'ops.taskLog.finished' : 'ops.taskLog.failed')}</p>
      )}
    </section>
  );
}

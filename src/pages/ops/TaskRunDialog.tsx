import { SlButton, SlDialog } from '../../core/engine/shoelace.ts';
import { useT } from '../../core/i18n/index.ts';
import type { HostedDialogProps } from '../../core/stores/dialog.ts';
import { taskLogUrl } from '../assets/asset-tasks.ts';
import { TaskLogTerminal } from './OpsTabs.tsx';
import './i18n.ts';

const CSS = `.task-run-dialog::part(panel) { width: min(960px, 92vw); }
.task-run-dialog .task-log-terminal { height: 420px; background: #000; padding: 4px; }
.task-run-dialog .status { margin: 6px 0 0; }`;

/**
 * A run's log over the page it was started from (the job center's 执行): Lina opened a bare window,
 * which in a browser that keeps one tab replaced the console, Back the only way out. Here the log
 * follows the run in place; its own tab is a link away.
 */
export function TaskRunDialog({ task, onClose }: HostedDialogProps<{ task: string }>) {
  const t = useT();
  return (
    <SlDialog
      open
      label={t('ops.taskLog.title')}
      className="task-run-dialog"
      data-task={task}
      onSlAfterHide={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <style>{CSS}</style>
      <TaskLogTerminal task={task} />
      <a slot="footer" className="task-log-tab" href={taskLogUrl(task)} target="_blank" rel="noopener">
        {t('ops.taskLog.openTab')}
      </a>
      <SlButton slot="footer" className="task-run-close" variant="primary" onClick={onClose}>
        {t('ops.taskLog.close')}
      </SlButton>
    </SlDialog>
  );
}

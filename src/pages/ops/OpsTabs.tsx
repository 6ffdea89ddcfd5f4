import { useEffect, useState } from 'react';
import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx';
import { useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { useTaskLog } from './use-task-log.ts';
import './i18n.ts';

// The job center's detail tabs: a task's versions and runs, a version's runs, a run's log. The lists
// load their definitions on first use (they are the same definitions as the pages').

const definitions = () => import('./ops.resource.tsx');

function useDefinitions() {
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof definitions>> | null>(null);
  useEffect(() => {
    let live = true;
    void definitions().then((module) => {
      if (live) setLoaded(module);
    });
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** TaskDetail › Versions: the task's AdHoc versions (`adhoc/?task=`). */
export function VersionsTab({ object }: { object: Row }) {
  const loaded = useDefinitions();
  return loaded ? <EmbeddedList resource={loaded.adhocs} fixed={{ task: String(object.id) }} /> : null;
}

/** TaskDetail › History and AdhocDetail › History: runs, newest first (`adhoc-executions/?task=` or `?adhoc=`). */
export function ExecutionsTab({ object }: { object: Row }) {
  const loaded = useDefinitions();
  // A version carries its task's id in `task`; a task is the task itself.
  const fixed: Record<string, string> =
    'pattern' in object ? { adhoc: String(object.id) } : { task: String(object.id) };
  return loaded ? <EmbeddedList resource={loaded.executions} fixed={fixed} /> : null;
}

/** The log of one task in a terminal, followed until the task ends. */
export function TaskLogTerminal({ task, onEnd }: { task: string; onEnd?: () => void }) {
  const t = useT();
  const { host, status } = useTaskLog(task, onEnd);
  return (
    <div className="task-log-view" data-status={status} data-task={task}>
      <div ref={host} className="task-log-terminal" />
      {status === 'failed' && <p className="status">{t('ops.taskLog.failed')}</p>}
    </div>
  );
}

/** HistoryExecutionDetail › Log: the run's log (its id is its task's). */
export function ExecutionLogTab({ object }: { object: Row }) {
  return <TaskLogTerminal task={String(object.id)} />;
}

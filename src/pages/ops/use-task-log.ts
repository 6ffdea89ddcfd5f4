import { useEffect, useRef, useState, type RefObject } from 'react';
import { followTaskLog } from './task-log.ts';
import { openLogTerminal, type LogTerminal } from './terminal.ts';

export type TaskLogStatus = 'running' | 'finished' | 'failed';

/**
 * A task's log followed into a terminal drawn in `host`'s element until the task ends (then `onEnd`);
 * the status says where it stands. Shared by the log page (CeleryTaskLog) and the job center's log tabs.
 */
export function useTaskLog(
  task: string | undefined,
  onEnd?: () => void,
): { host: RefObject<HTMLDivElement | null>; status: TaskLogStatus } {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<TaskLogStatus>('running');
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    const el = host.current;
    if (!el || !task) return;
    let terminal: LogTerminal | undefined;
    let stop = () => {};
    let live = true;
    setStatus('running');
    void openLogTerminal(el).then((opened) => {
      if (!live) return opened.dispose();
      terminal = opened;
      stop = followTaskLog(task, {
        onData: (text) => opened.write(text),
        onEnd: () => {
          setStatus('finished');
          ended.current?.();
        },
        onError: () => setStatus('failed'),
      });
    });
    return () => {
      live = false;
      stop();
      terminal?.dispose();
    };
  }, [task]);
  return { host, status };
}

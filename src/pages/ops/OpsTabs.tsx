import { useEffect, useRef, useState } from 'react'
import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx'
import { useT } from '../../core/i18n/index.ts'
import type { Row } from '../../core/resource/adapters.ts'
import { followTaskLog } from './task-log.ts'
import { openLogTerminal, type LogTerminal } from './terminal.ts'
import './i18n.ts'

// The job center's detail tabs: a task's versions and runs, a version's runs, a run's log. The lists
// load their definitions on first use (they are the same definitions as the pages').

const definitions = () => import('./ops.resource.tsx')

function useDefinitions() {
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof definitions>> | null>(null)
  useEffect(() => {
    let live = true
    void definitions().then((module) => { if (live) setLoaded(module) })
    return () => { live = false }
  }, [])
  return loaded
}

/** TaskDetail › Versions: the task's AdHoc versions (`adhoc/?task=`). */
export function VersionsTab({ object }: { object: Row }) {
  const loaded = useDefinitions()
  return loaded ? <EmbeddedList resource={loaded.adhocs} fixed={{ task: String(object.id) }} /> : null
}

/** TaskDetail › History and AdhocDetail › History: runs, newest first (`adhoc-executions/?task=` or `?adhoc=`). */
export function ExecutionsTab({ object }: { object: Row }) {
  const loaded = useDefinitions()
  // A version carries its task's id in `task`; a task is the task itself.
  const fixed: Record<string, string> = 'pattern' in object ? { adhoc: String(object.id) } : { task: String(object.id) }
  return loaded ? <EmbeddedList resource={loaded.executions} fixed={fixed} /> : null
}

/** The log of one task in a terminal, followed until the task ends. */
export function TaskLogTerminal({ task, onEnd }: { task: string; onEnd?: () => void }) {
  const t = useT()
  const host = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<'running' | 'finished' | 'failed'>('running')
  const ended = useRef(onEnd)
  ended.current = onEnd
  useEffect(() => {
    const el = host.current
    if (!el || !task) return
    let terminal: LogTerminal | undefined
    let stop = () => {}
    let live = true
    setStatus('running')
    void openLogTerminal(el).then((opened) => {
      if (!live) return opened.dispose()
      terminal = opened
      stop = followTaskLog(task, {
        onData: (text) => opened.write(text),
        onEnd: () => { setStatus('finished'); ended.current?.() },
        onError: () => setStatus('failed'),
      })
    })
    return () => {
      live = false
      stop()
      terminal?.dispose()
    }
  }, [task])
  return (
    <div className="task-log-view" data-status={status} data-task={task}>
      <div ref={host} className="task-log-terminal" />
      {status === 'failed' && <p className="status">{t('ops.taskLog.failed')}</p>}
    </div>
  )
}

/** HistoryExecutionDetail › Log: the run's log (its id is its task's). */
export function ExecutionLogTab({ object }: { object: Row }) {
  return <TaskLogTerminal task={String(object.id)} />
}

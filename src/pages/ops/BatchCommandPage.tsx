import { useEffect, useState } from 'react';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { HttpError } from '../../core/http.ts';
import { serverMessage } from '../../core/http-error.ts';
import { useT } from '../../core/i18n/index.ts';
import { fieldErrors } from '../../core/resource/errors.ts';
import { toast } from '../../core/stores/notify.ts';
import { serverOffers } from '../../core/stores/settings.ts';
import { Button } from '../../core/ui/Button.tsx';
import { AssetPicker } from './AssetPicker.tsx';
import {
  clearSystemUsers,
  loadGrantedTree,
  readExecution,
  runAsChoices,
  runCommand,
  stopExecution,
  type CommandExecution,
  type PickerNode,
  type RunAsOption,
} from './batch-api.ts';
import { TaskLogTerminal } from './OpsTabs.tsx';
import './i18n.ts';

// BatchCommand (`/ops/command-executions/create`) and CommandExecutions (`/command-executions/` on the
// user page), 2.3's batch-command page: the caller's granted tree to tick assets or whole nodes, the SSH
// system users granted on all of them, a command, Run; every host's output streams into a terminal
// under its name with its exit status, then the summary. The server decides what may run (grants,
// command filters) and says why it refused; the form keeps what was typed.

const CSS = `.batch-layout { display: flex; gap: 12px; align-items: flex-start; }
.batch-layout > .tree-pane { flex: 0 0 280px; background: var(--_color-surface); border: 1px solid var(--_color-border); padding: 8px; overflow: auto; max-height: 80vh; }
.batch-layout > .run-pane { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.asset-picker, .asset-picker ul { list-style: none; margin: 0; padding-left: 14px; }
.asset-picker { padding-left: 0; }
.picker-row { display: inline-flex; align-items: center; gap: 2px; }
.picker-toggle { border: 0; background: none; cursor: pointer; width: 18px; padding: 0; font: inherit; }
.asset-picker label { cursor: pointer; display: inline-flex; align-items: center; gap: 4px; }
.asset-picker label.disabled { color: var(--_color-text-muted, #999); cursor: default; }
.picker-asset { padding-left: 18px; }
.picker-ip { color: var(--_color-muted); font-size: 12px; }
.run-form { display: grid; grid-template-columns: 90px 1fr; gap: 8px; align-items: start; }
.run-form select, .run-form textarea { font: inherit; padding: 4px 6px; border: 1px solid var(--_color-border); border-radius: 3px; }
.run-form textarea { min-height: 72px; font-family: Monaco, Consolas, monospace; resize: vertical; }
.run-actions { display: flex; gap: 8px; align-items: center; }
.batch-error { color: #ed5565; margin: 0; white-space: pre-wrap; }
.batch-summary { margin: 0; font-weight: bold; }
.batch-output .task-log-terminal { background: #000; padding: 6px; min-height: 200px; }`;

type Run = { id: string; finished: boolean; summary?: CommandExecution['result'] };

/** A refusal as the user reads it: the server's own words, field by field. */
function refusalText(error: unknown): string {
  if (!(error instanceof HttpError)) return error instanceof Error ? error.message : String(error);
  const data = error.data as Record<string, unknown> | undefined;
  const hosts = typeof data?.hosts === 'string' ? data.hosts : undefined;
  return hosts ?? serverMessage(data) ?? (Object.values(fieldErrors(data)).join('\n') || error.message);
}

export function BatchCommandPage() {
  const t = useT();
  const [roots, setRoots] = useState<PickerNode[] | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [choices, setChoices] = useState<RunAsOption[]>([]);
  const [runAs, setRunAs] = useState('');
  const [command, setCommand] = useState('');
  const [error, setError] = useState('');
  const [run, setRun] = useState<Run | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    clearSystemUsers();
    let live = true;
    loadGrantedTree().then(
      (tree) => {
        if (live) setRoots(tree);
      },
      () => {
        if (live) setRoots([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // The run-as choices follow the ticked assets; a choice that no longer fits them is dropped.
  useEffect(() => {
    let live = true;
    void runAsChoices([...checked]).then((options) => {
      if (!live) return;
      setChoices(options);
      setRunAs((current) => (options.some((option) => option.id === current) ? current : (options[0]?.id ?? '')));
    });
    return () => {
      live = false;
    };
  }, [checked]);

  const running = !!run && !run.finished;
  const start = async () => {
    setError('');
    const problem = !checked.size
      ? 'ops.batch.noAssets'
      : !runAs
        ? choices.length
          ? 'ops.batch.noRunAs'
          : 'ops.batch.noSystemUsers'
        : !command.trim()
          ? 'ops.batch.noCommand'
          : '';
    if (problem) {
      setError(t(problem));
      return;
    }
    setSending(true);
    try {
      const created = await runCommand({ hosts: [...checked], run_as: runAs, command }, { cols: 120, rows: 40 });
      setRun({ id: created.id, finished: false });
    } catch (failure) {
      const text = refusalText(failure);
      setError(text);
      toast.error(text);
    } finally {
      setSending(false);
    }
  };
  const finished = async () => {
    if (!run) return;
    const id = run.id;
    const row = await readExecution(id).catch(() => null);
    setRun((current) => (current?.id === id ? { id, finished: true, summary: row?.result } : current));
  };
  const stop = async () => {
    if (run) await stopExecution(run.id).catch(() => undefined);
  };

  const summary = run?.summary;
  return (
    <section className="engine-page batch-command-page">
      <EngineStyle />
      <style>{CSS}</style>
      <div className="batch-layout">
        <aside className="tree-pane" aria-label={t('ops.batch.assets')}>
          {roots === null && <p>{t('ops.batch.loadingTree')}</p>}
          {roots?.length === 0 && <p className="tree-empty">{t('ops.batch.emptyTree')}</p>}
          {roots && roots.length > 0 && <AssetPicker roots={roots} checked={checked} onChange={setChecked} />}
        </aside>
        <div className="run-pane">
          <div className="run-form">
            <span>{t('ops.batch.assets')}</span>
            <span className="selected-count">{t('ops.batch.selected', { count: checked.size })}</span>
            <label htmlFor="batch-run-as">{t('ops.batch.runAs')}</label>
            <select
              id="batch-run-as"
              className="run-as"
              value={runAs}
              onChange={(event) => setRunAs(event.target.value)}
              disabled={!choices.length}
            >
              {!choices.length && <option value="">{checked.size ? t('ops.batch.noSystemUsers') : '-'}</option>}
              {choices.map((option) => (
                <option key={option.id} value={option.id}>{`${option.name}(${option.username})`}</option>
              ))}
            </select>
            <label htmlFor="batch-command">{t('ops.batch.command')}</label>
            <textarea
              id="batch-command"
              className="command"
              value={command}
              placeholder={t('ops.batch.placeholder')}
              onChange={(event) => setCommand(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void start();
              }}
            />
          </div>
          <div className="run-actions">
            <Button variant="primary" className="run" disabled={sending || running} onClick={() => void start()}>
              {running ? t('ops.batch.running') : t('ops.batch.run')}
            </Button>
            {running && serverOffers('stop-runs') && (
              <Button className="stop" onClick={() => void stop()}>
                {t('ops.batch.stop')}
              </Button>
            )}
          </div>
          {error && (
            <p className="batch-error" role="alert">
              {error}
            </p>
          )}
          {run && (
            <div className="batch-output">
              <TaskLogTerminal key={run.id} task={run.id} onEnd={() => void finished()} />
            </div>
          )}
          {summary && (
            <p className="batch-summary">
              {summary.error && !summary.ok
                ? `${t('ops.batch.stopped')}: ${summary.error}`
                : t('ops.batch.summary', {
                    ok: summary.ok?.length ?? 0,
                    failed: Object.keys(summary.failed ?? {}).length,
                    skipped: Object.keys(summary.skipped ?? {}).length,
                  })}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import './i18n.ts';

// Where recordings and commands are kept, and how far a recording got, in words: a recording that is not
// stored yet, or a storage this deployment does not write to, is said where the admin looks, never left
// as a silent gap. Server strings are rendered as React text.

/** Replay storage types whose recordings terminals put in a bucket (demo/shared/replay-object.ts). */
const OBJECT_STORES = new Set(['s3', 'ceph', 'swift', 'oss']);

/** Where a storage of this kind and type keeps what it is given in this deployment. */
export function keptInText(kind: 'replay' | 'command', type: unknown): string {
  if (kind === 'command') return t('terminal.kept.database');
  const value = String(type ?? '');
  if (OBJECT_STORES.has(value)) return t('terminal.kept.bucket');
  if (value === 'null') return t('terminal.kept.nowhere');
  if (value === 'azure') return t('terminal.kept.azureOnServer');
  return t('terminal.kept.serverDisk');
}

/** A finished session without a replay: why, from the server's `replay_status` (2.3 servers send none). */
export function replayStateText(session: Row): string {
  const storage = String(session.replay_storage_name ?? '');
  const error = String(session.replay_error ?? '');
  switch (session.replay_status) {
    case 'retrying':
      return t('terminal.replayState.retrying', { storage, error });
    case 'uploading':
      return t('terminal.replayState.uploading', { storage });
    case 'terminal_offline':
      return t('terminal.replayState.terminalOffline', { storage, error });
    case 'not_kept':
      return t('terminal.replayState.notKept', { storage });
    default:
      return t('terminal.message.noReplay');
  }
}

/** A terminal's recording uploads, from what its heartbeat last said (a 2.3 core says nothing: '-'). */
export function UploadsCell({ row }: { row: Row }) {
  const state = String(row.replay_state ?? '');
  const pending = Number(row.replay_pending ?? 0);
  const error = String(row.replay_error ?? '');
  const text =
    state === 'failing'
      ? t('terminal.uploads.failing', { count: pending, error })
      : state === 'waiting'
        ? t('terminal.uploads.waiting', { count: pending })
        : state === 'unknown'
          ? t('terminal.uploads.unknown')
          : state === 'ok'
            ? t('terminal.uploads.ok')
            : '-';
  return (
    <span
      className={`recording-uploads ${state}`}
      data-state={state}
      title={error || undefined}
      style={state === 'failing' ? { color: 'var(--_color-danger)' } : undefined}
    >
      {text}
    </span>
  );
}

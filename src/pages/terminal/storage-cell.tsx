import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import './i18n.ts';

// A data folder's state as the server reports it (terminal/storage-state.ts): a terminal's from its
// heartbeat on the Terminals page, the server's and the terminals' on the dashboard. A disk that is full,
// read-only or failing is drawn in the danger colour; server strings are rendered as text.

export type StorageState = 'ok' | 'low' | 'full' | 'read_only' | 'io' | 'unknown';

const TROUBLE = new Set<string>(['full', 'read_only', 'io']);

/** `12.3 GB` (binary units, as `df -h`); '' when unknown. */
export function bytesText(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let amount = value;
  let unit = 0;
  while (amount >= 1024 && unit < units.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? String(amount) : amount.toFixed(amount < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The state's word (the server's `_display` when given) and, when known, the free space beside it. */
export function StorageBadge({
  state,
  display,
  free,
  total,
}: {
  state: string;
  display?: string;
  free?: unknown;
  total?: unknown;
}) {
  const trouble = TROUBLE.has(state);
  const word = display || t(`terminal.storageState.${state}`, { defaultValue: state });
  const space =
    bytesText(free) && bytesText(total)
      ? t('terminal.storageState.free', { free: bytesText(free), total: bytesText(total) })
      : '';
  return (
    <span
      className={`storage-state ${trouble ? 'trouble' : ''}`}
      data-storage={state}
      style={
        trouble
          ? { color: 'var(--_color-danger)', fontWeight: 600 }
          : state === 'low'
            ? { color: 'var(--_color-warning, #b7791f)' }
            : undefined
      }
    >
      {word}
      {space ? <span className="storage-space" style={{ fontWeight: 400 }}>{` · ${space}`}</span> : null}
    </span>
  );
}

/** The Terminals list's and detail's cell, from a terminal row. */
export function terminalStorage(row: Row) {
  return (
    <StorageBadge
      state={String(row.storage_status ?? 'unknown')}
      display={String(row.storage_status_display ?? '')}
      free={row.storage_free_bytes}
      total={row.storage_total_bytes}
    />
  );
}

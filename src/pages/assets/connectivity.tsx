import { useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import './i18n.ts';

/** jumpserver-api.md §2.3: `connectivity.status` 0 unreachable, 1 reachable, 2 unknown (with `draw=1`). */
export type Connectivity = 'reachable' | 'unreachable' | 'unknown';

export function connectivityOf(row: Row): Connectivity {
  const status = (row.connectivity as { status?: unknown } | undefined)?.status;
  if (status === 1) return 'reachable';
  if (status === 0) return 'unreachable';
  return 'unknown';
}

// Theme tokens (core/ui/theme.ts), dark enough for text on the table's background.
const COLOR: Record<Connectivity, string> = {
  reachable: 'var(--_color-primary)',
  unreachable: 'var(--_color-danger)',
  unknown: 'var(--_color-muted)',
};

export function ConnectivityCell({ row }: { row: Row }) {
  const t = useT();
  const state = connectivityOf(row);
  const when = (row.connectivity as { datetime?: unknown } | undefined)?.datetime;
  return (
    <span
      className={`connectivity ${state}`}
      data-state={state}
      style={{ color: COLOR[state] }}
      title={when ? String(when) : undefined}
    >
      {t(`assets.connectivity.${state}`)}
    </span>
  );
}

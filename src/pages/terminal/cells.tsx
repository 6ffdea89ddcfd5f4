import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { ListColumnOverride } from '../../core/resource/define.ts';
import { formatLocal, parseDateTime } from '../../core/resource/datetime.ts';
import './i18n.ts';

// Cells shared by the section's lists. Server strings are rendered as React text, never as HTML.

/** A column the metadata may not describe, labelled in this section's words when the table is built. */
export function labelled(key: string, extra: Omit<ListColumnOverride, 'label'> = {}): ListColumnOverride {
  return {
    ...extra,
    get label() {
      return t(key);
    },
  };
}

/** `1h 2m 3s` between two server dates; an open session counts up to now. */
export function durationText(start: unknown, end: unknown, now = Date.now()): string {
  const from = parseDateTime(start);
  if (!from) return '';
  const to = parseDateTime(end)?.getTime() ?? now;
  let seconds = Math.max(0, Math.round((to - from.getTime()) / 1000));
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  return [hours ? `${hours}h` : '', hours || minutes ? `${minutes}m` : '', `${seconds}s`].filter(Boolean).join(' ');
}

/** §2.6 risk levels: 0 ordinary, 5 dangerous (shown in red). */
export function RiskLevel({ row }: { row: Row }) {
  const dangerous = Number(row.risk_level) >= 5;
  const text = String(row.risk_level_display ?? t(dangerous ? 'terminal.risk.dangerous' : 'terminal.risk.ordinary'));
  return (
    <span
      className={`risk-level ${dangerous ? 'dangerous' : 'ordinary'}`}
      data-risk={String(row.risk_level)}
      style={dangerous ? { color: 'var(--_color-danger)', fontWeight: 600 } : undefined}
    >
      {text}
    </span>
  );
}

/** A command's epoch-seconds timestamp in this browser's zone. */
export function epochText(value: unknown): string {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? formatLocal(new Date(seconds * 1000)) : '';
}

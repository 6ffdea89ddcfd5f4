import '../i18n.ts';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import type { Row } from '../../resource/adapters.ts';
import { listCellText, type ColumnSpec } from '../../resource/columns.ts';
import { choiceLabel, type FieldMeta } from '../../resource/metadata.ts';
import { BoolIcon } from './BoolIcon.tsx';

function plain(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; display_name?: unknown };
    return String(named.display_name ?? named.name ?? JSON.stringify(value));
  }
  return String(value);
}

export interface CellProps {
  column: ColumnSpec;
  row: Row;
  meta?: FieldMeta;
  detailHref?: string;
}

/** One table cell: server values always as text, never as HTML. */
export function Cell({ column, row, meta, detailHref }: CellProps): ReactNode {
  const t = useT();
  const value = row[column.prop];
  switch (column.kind) {
    case 'link':
      return detailHref ? (
        <a href={detailHref} className="detail-link">
          {plain(value)}
        </a>
      ) : (
        plain(value)
      );
    case 'choice': {
      const display = row[`${column.prop}_display`];
      return display != null ? plain(display) : choiceLabel(meta, value);
    }
    case 'boolean':
      return <BoolIcon value={Boolean(value)} label={t(value ? 'engine.list.yes' : 'engine.list.no')} />;
    default:
      if (Array.isArray(value)) return listCellText(value, meta, plain);
      // Datetimes arrive formatted by the server in the caller's zone (X-TZ).
      return plain(value);
  }
}

import '../i18n.ts';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import type { Row } from '../../resource/adapters.ts';
import type { ColumnSpec } from '../../resource/columns.ts';
import type { ListColumnOverride } from '../../resource/define.ts';
import type { FieldsMeta } from '../../resource/metadata.ts';
import { rowId } from '../navigate.ts';
import { Cell } from './Cell.tsx';
import { rowSelection } from '../../resource/selection.ts';

export interface DataTableProps {
  columns: ColumnSpec[];
  rows: Row[];
  meta?: FieldsMeta;
  overrides?: Record<string, ListColumnOverride>;
  selectable?: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  order: string;
  onSort: (order: string) => void;
  detailHref?: (row: Row) => string | undefined;
  renderActions?: (row: Row) => ReactNode;
  /** What the empty table says instead of "No data" (why it is empty: a refused or failed call). */
  emptyText?: string;
  /** The table's accessible name (the list's title); default "数据列表". */
  label?: string;
}

function nextOrder(prop: string, order: string): string {
  if (order === prop) return `-${prop}`;
  if (order === `-${prop}`) return '';
  return prop;
}

export function DataTable(props: DataTableProps) {
  const t = useT();
  const { columns, rows, selected, onSelect, order } = props;
  const ids = rows.map(rowId);
  const { allChecked, toggle, toggleAll } = rowSelection(ids, selected, onSelect);
  // The table scrolls sideways inside its box when the window is narrow, its action column staying
  // in view (styles.ts), rather than running past the page's edge where it was cut off.
  return (
    <div className="table-scroll">
      <table className="engine-table" part="table" aria-label={props.label || t('engine.list.table')}>
        <thead>
          <tr>
            {props.selectable && (
              <th className="select">
                <input
                  type="checkbox"
                  className="select-all"
                  aria-label={t('engine.list.selectAll')}
                  checked={allChecked}
                  onChange={toggleAll}
                />
              </th>
            )}
            {columns.map((column) => {
              const sorted = order === column.prop ? 'asc' : order === `-${column.prop}` ? 'desc' : '';
              return (
                <th
                  key={column.prop}
                  data-prop={column.prop}
                  style={{ width: column.width }}
                  className={
                    [column.sortable && 'sortable', sorted && 'sorted', column.kind === 'actions' && 'actions']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  onClick={column.sortable ? () => props.onSort(nextOrder(column.prop, order)) : undefined}
                >
                  {column.sortable ? (
                    // A button so the keyboard sorts too; the header cell keeps the mouse's larger target.
                    <button
                      type="button"
                      className="sort-button"
                      onClick={(event) => {
                        event.stopPropagation();
                        props.onSort(nextOrder(column.prop, order));
                      }}
                    >
                      {column.label}
                      <span className="sort" aria-hidden="true">
                        {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '⇅'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={ids[index] || index} data-id={ids[index]}>
              {props.selectable && (
                <td className="select">
                  <input
                    type="checkbox"
                    className="select-row"
                    aria-label={t('engine.list.selectRow')}
                    checked={selected.has(ids[index])}
                    onChange={() => toggle(ids[index])}
                  />
                </td>
              )}
              {columns.map((column) => (
                <td
                  key={column.prop}
                  className={
                    column.kind === 'actions'
                      ? 'actions'
                      : column.kind === 'datetime'
                        ? `${column.prop} datetime`
                        : column.prop
                  }
                  data-prop={column.prop}
                >
                  {column.kind === 'actions'
                    ? props.renderActions?.(row)
                    : (props.overrides?.[column.prop]?.render?.(row) ?? (
                        <Cell
                          column={column}
                          row={row}
                          meta={props.meta?.[column.prop]}
                          detailHref={props.detailHref?.(row)}
                        />
                      ))}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td
                className={props.emptyText ? 'empty failed' : 'empty'}
                colSpan={columns.length + (props.selectable ? 1 : 0)}
                role={props.emptyText ? 'alert' : undefined}
              >
                {props.emptyText ?? t('engine.list.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

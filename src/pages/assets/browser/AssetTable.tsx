import { useT } from '../../../core/i18n/index.ts';
import type { Row } from '../../../core/resource/adapters.ts';
import { rowSelection } from '../../../core/resource/selection.ts';
import { Button } from '../../../core/ui/Button.tsx';
import { ConnectivityCell } from '../connectivity.tsx';
import type { AssetColumn } from './asset-sources.ts';
import '../i18n.ts';

export interface AssetTableProps {
  rows: Row[];
  columns: readonly AssetColumn[];
  /** The user's favourites: a read-only mark before the hostname (absent: no such column). */
  favorites?: ReadonlySet<string>;
  selectable?: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  onOpen: (row: Row) => void;
  onConnect: (row: Row) => void;
}

const idOf = (row: Row) => String(row.id ?? '');

/**
 * The embeddable list's table. Plain markup on purpose: the engine's DataTable pulls Shoelace's
 * component set, which would break the element's download budget. Values render as text.
 */
export function AssetTable({
  rows,
  columns,
  favorites,
  selectable,
  selected,
  onSelect,
  onOpen,
  onConnect,
}: AssetTableProps) {
  const t = useT();
  const ids = rows.map(idOf);
  const { allChecked, toggle, toggleAll } = rowSelection(ids, selected, onSelect);
  const cell = (row: Row, prop: AssetColumn) => {
    if (prop === 'connectivity') return <ConnectivityCell row={row} />;
    if (prop === 'hostname') {
      return (
        <a
          href="#"
          className="asset-open"
          onClick={(e) => {
            e.preventDefault();
            onOpen(row);
          }}
        >
          {String(row.hostname ?? '')}
        </a>
      );
    }
    return String(row[prop] ?? '');
  };
  const spare = (selectable ? 1 : 0) + (favorites ? 1 : 0) + 1;
  return (
    <table className="engine-table asset-table" part="table">
      <thead>
        <tr>
          {selectable && (
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
          {favorites && (
            <th className="favorite" data-prop="favorite">
              {t('assets.columns.favorite')}
            </th>
          )}
          {columns.map((prop) => (
            <th key={prop} data-prop={prop}>
              {t(`assets.columns.${prop}`)}
            </th>
          ))}
          <th className="actions" data-prop="actions">
            {t('common.actions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={ids[index] || index} data-id={ids[index]}>
            {selectable && (
              <td className="select">
                <input
                  type="checkbox"
                  className="select-row"
                  aria-label={`${t('engine.list.selectRow')} ${String(row.hostname ?? '')}`}
                  checked={selected.has(ids[index])}
                  onChange={() => toggle(ids[index])}
                />
              </td>
            )}
            {favorites && (
              <td className="favorite" data-prop="favorite">
                {favorites.has(ids[index]) && (
                  <span className="favorite-mark" role="img" aria-label={t('assets.browser.favorite')}>
                    ★
                  </span>
                )}
              </td>
            )}
            {columns.map((prop) => (
              <td key={prop} data-prop={prop}>
                {cell(row, prop)}
              </td>
            ))}
            <td className="actions" data-prop="actions">
              {/* Opens the bastion's web terminal (the element decides how, after asking the host). */}
              <Button
                size="small"
                variant="primary"
                className="asset-connect"
                aria-label={t('assets.browser.connectTo', { hostname: String(row.hostname ?? '') })}
                onClick={() => onConnect(row)}
              >
                {t('assets.browser.connect')}
              </Button>
            </td>
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            {/* The element's `empty` slot: what the host wants said for an empty list. */}
            <td className="empty" colSpan={columns.length + spare}>
              <slot name="empty">{t('engine.list.empty')}</slot>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

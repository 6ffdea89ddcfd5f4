import { useT } from '../../../core/i18n/index.ts'
import type { Row } from '../../../core/resource/adapters.ts'
import { rowSelection } from '../../../core/resource/selection.ts'
import { ConnectivityCell } from '../connectivity.tsx'
import '../i18n.ts'

export interface AssetTableProps {
  rows: Row[]
  selectable?: boolean
  selected: ReadonlySet<string>
  onSelect: (ids: Set<string>) => void
  onOpen: (row: Row) => void
}

const COLUMNS = ['hostname', 'ip', 'platform', 'hardware_info', 'connectivity'] as const
const idOf = (row: Row) => String(row.id ?? '')

/**
 * The embeddable list's table. Plain markup on purpose: the engine's DataTable pulls Shoelace's
 * component set, which would break the element's download budget. Values render as text.
 */
export function AssetTable({ rows, selectable, selected, onSelect, onOpen }: AssetTableProps) {
  const t = useT()
  const ids = rows.map(idOf)
  const { allChecked, toggle, toggleAll } = rowSelection(ids, selected, onSelect)
  const cell = (row: Row, prop: (typeof COLUMNS)[number]) => {
    if (prop === 'connectivity') return <ConnectivityCell row={row} />
    if (prop === 'hostname') {
      return <a href="#" className="asset-open" onClick={(e) => { e.preventDefault(); onOpen(row) }}>{String(row.hostname ?? '')}</a>
    }
    return String(row[prop] ?? '')
  }
  return (
    <table className="engine-table asset-table" part="table">
      <thead>
        <tr>
          {selectable && (
            <th className="select">
              <input type="checkbox" className="select-all" aria-label={t('engine.list.selectAll')} checked={allChecked}
                onChange={toggleAll} />
            </th>
          )}
          {COLUMNS.map((prop) => <th key={prop} data-prop={prop}>{t(`assets.columns.${prop}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={ids[index] || index} data-id={ids[index]}>
            {selectable && (
              <td className="select">
                <input type="checkbox" className="select-row" aria-label={`${t('engine.list.selectRow')} ${String(row.hostname ?? '')}`}
                  checked={selected.has(ids[index])} onChange={() => toggle(ids[index])} />
              </td>
            )}
            {COLUMNS.map((prop) => <td key={prop} data-prop={prop}>{cell(row, prop)}</td>)}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            {/* The element's `empty` slot: what the host wants said for an empty list. */}
            <td className="empty" colSpan={COLUMNS.length + (selectable ? 1 : 0)}><slot name="empty">{t('engine.list.empty')}</slot></td>
          </tr>
        )}
      </tbody>
    </table>
  )
}

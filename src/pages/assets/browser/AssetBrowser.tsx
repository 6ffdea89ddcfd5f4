import { useMemo, useRef, useState } from 'react'
import { Pager } from '../../../core/engine/list/Pager.tsx'
import { useList } from '../../../core/engine/list/use-list.ts'
import { useT } from '../../../core/i18n/index.ts'
import { limitOffsetAdapter, type Row } from '../../../core/resource/adapters.ts'
import { PAGE_SIZE } from '../../../core/config.ts'
import { API } from '../field-helpers.ts'
import { nodeAdapter } from '../node-adapter.ts'
import { NodeTree } from '../tree/NodeTree.tsx'
import { AssetTable } from './AssetTable.tsx'
import { BROWSER_CSS } from './styles.ts'
import '../i18n.ts'

export interface AssetBrowserProps {
  node?: string
  pageSize?: number
  selectable?: boolean
  onSelect?: (rows: Row[]) => void
  onOpen?: (row: Row) => void
}

/**
 * The asset tree + table without router or address: everything lives in component state, so a
 * host page's hash and history stay untouched.
 */
export function AssetBrowser({ node, pageSize, selectable, onSelect, onOpen }: AssetBrowserProps) {
  const t = useT()
  const [nodeId, setNodeId] = useState(node)
  const [all, setAll] = useState(true)
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const rowsRef = useRef<Row[]>([])
  const size = pageSize && pageSize > 0 ? pageSize : PAGE_SIZE
  const adapter = useMemo(() => nodeAdapter({ nodeId, all }, { ...limitOffsetAdapter, defaultSize: size }), [nodeId, all, size])
  const filters = useMemo((): Record<string, string> => (search ? { search } : {}), [search])
  const { state, setPage, setSize } = useList({ url: API.assets, adapter, filters })
  rowsRef.current = state.rows

  const choose = (ids: Set<string>) => {
    setSelected(ids)
    onSelect?.(rowsRef.current.filter((row) => ids.has(String(row.id))))
  }
  return (
    <div className="asset-browser">
      <style>{BROWSER_CSS}</style>
      <aside className="tree-pane" aria-label={t('assets.tree.title')}>
        <NodeTree selected={nodeId} onSelect={(n) => { setNodeId(n.id); choose(new Set()) }} />
      </aside>
      <div className="table-pane">
        <div className="toolbar">
          <label className="show-all-label">
            <input type="checkbox" className="show-all" checked={all} onChange={(e) => setAll(e.target.checked)} />
            {t('assets.tree.showAll')}
          </label>
          <input type="search" className="search" placeholder={t('common.search')} aria-label={t('common.search')}
            onKeyDown={(e) => e.key === 'Enter' && setSearch(e.currentTarget.value.trim())} />
        </div>
        <AssetTable rows={state.rows} selectable={selectable} selected={selected} onSelect={choose}
          onOpen={(row) => onOpen?.(row)} />
        <Pager total={state.total} page={state.page} size={state.size} sizes={adapter.pageSizes} onPage={setPage} onSize={setSize} />
      </div>
    </div>
  )
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Pager } from '../../../core/engine/list/Pager.tsx'
import { useList } from '../../../core/engine/list/use-list.ts'
import { useT } from '../../../core/i18n/index.ts'
import { limitOffsetAdapter, type Row } from '../../../core/resource/adapters.ts'
import { PAGE_SIZE } from '../../../core/config.ts'
import { API } from '../field-helpers.ts'
import { nodeAdapter } from '../node-adapter.ts'
import { loadChildren } from '../tree/node-api.ts'
import { NodeTree } from '../tree/NodeTree.tsx'
import type { LoadChildren } from '../tree/use-node-tree.ts'
import { AssetTable } from './AssetTable.tsx'
import { BROWSER_CSS } from './styles.ts'
import '../i18n.ts'

export interface AssetBrowserProps {
  node?: string
  pageSize?: number
  selectable?: boolean
  /** An org to ask in instead of the page's current one. */
  org?: string
  /** Changing it loads the tree and the page again (the element's refresh()). */
  refreshKey?: number
  onSelect?: (rows: Row[]) => void
  onOpen?: (row: Row) => void
  /** A call failed: the element says so in place of the table and tells the host. */
  onFailure?: (error: unknown) => void
}

/**
 * The asset tree + table without router or address: everything lives in component state, so a
 * host page's hash and history stay untouched.
 */
export function AssetBrowser({ node, pageSize, selectable, org, refreshKey = 0, onSelect, onOpen, onFailure }: AssetBrowserProps) {
  const t = useT()
  const [nodeId, setNodeId] = useState(node)
  // The element's `node` changed after the first render: the tree's choice follows it.
  const [seenNode, setSeenNode] = useState(node)
  if (seenNode !== node) {
    setSeenNode(node)
    setNodeId(node)
  }
  const [all, setAll] = useState(true)
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const rowsRef = useRef<Row[]>([])
  const size = pageSize && pageSize > 0 ? pageSize : PAGE_SIZE
  const adapter = useMemo(() => nodeAdapter({ nodeId, all }, { ...limitOffsetAdapter, defaultSize: size }), [nodeId, all, size])
  const filters = useMemo((): Record<string, string> => (search ? { search } : {}), [search])
  const { state, setPage, setSize, reload } = useList({ url: API.assets, adapter, filters, org, onError: onFailure })
  const loadTree = useCallback<LoadChildren>((parent) => loadChildren(parent?.id, undefined, org), [org])
  const first = useRef(true)
  useEffect(() => {
    if (first.current) first.current = false
    else reload()
  }, [refreshKey, reload])
  rowsRef.current = state.rows

  const choose = (ids: Set<string>) => {
    setSelected(ids)
    onSelect?.(rowsRef.current.filter((row) => ids.has(String(row.id))))
  }
  return (
    <div className="asset-browser">
      <style>{BROWSER_CSS}</style>
      <aside className="tree-pane" part="tree" aria-label={t('assets.tree.title')}>
        <NodeTree selected={nodeId} reloadKey={refreshKey} load={loadTree} onError={onFailure}
          onSelect={(n) => { setNodeId(n.id); choose(new Set()) }} />
      </aside>
      <div className="table-pane">
        <div className="toolbar" part="toolbar">
          <label className="show-all-label">
            <input type="checkbox" className="show-all" checked={all} onChange={(e) => setAll(e.target.checked)} />
            {t('assets.tree.showAll')}
          </label>
          <input type="search" className="search" placeholder={t('common.search')} aria-label={t('common.search')}
            onKeyDown={(e) => e.key === 'Enter' && setSearch(e.currentTarget.value.trim())} />
          {/* The host's own controls beside the search (the element's `toolbar` slot). */}
          <slot name="toolbar" />
        </div>
        <AssetTable rows={state.rows} selectable={selectable} selected={selected} onSelect={choose}
          onOpen={(row) => onOpen?.(row)} />
        <Pager total={state.total} page={state.page} size={state.size} sizes={adapter.pageSizes} onPage={setPage} onSize={setSize} />
      </div>
    </div>
  )
}

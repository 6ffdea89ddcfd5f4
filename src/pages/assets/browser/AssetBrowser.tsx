import { useEffect, useMemo, useRef, useState } from 'react';
import { Pager } from '../../../core/engine/list/Pager.tsx';
import { useList } from '../../../core/engine/list/use-list.ts';
import type { BastionAssetScope } from '../../../core/element-types.ts';
import { useT } from '../../../core/i18n/index.ts';
import type { Row } from '../../../core/resource/adapters.ts';
import { PAGE_SIZE } from '../../../core/config.ts';
import { NodeTree } from '../tree/NodeTree.tsx';
import { assetSource } from './asset-sources.ts';
import { AssetTable } from './AssetTable.tsx';
import { BROWSER_CSS } from './styles.ts';
import { useFavoriteIds } from './use-favorite-ids.ts';
import '../i18n.ts';

export interface AssetBrowserProps {
  /** The user's own assets, or the org's (asset-sources.ts). */
  scope: BastionAssetScope;
  node?: string;
  pageSize?: number;
  selectable?: boolean;
  /** An org to ask in instead of the page's current one. */
  org?: string;
  /** Changing it loads the tree and the page again (the element's refresh()). */
  refreshKey?: number;
  onSelect?: (rows: Row[]) => void;
  onOpen?: (row: Row) => void;
  /** Connect was clicked on a row. */
  onConnect?: (row: Row) => void;
  /** A call failed: the element says so in place of the table and tells the host. */
  onFailure?: (error: unknown) => void;
}

/**
 * The asset tree + table without router or address: everything lives in component state, so a
 * host page's hash and history stay untouched. The scope picks where tree and rows come from.
 */
export function AssetBrowser({
  scope,
  node,
  pageSize,
  selectable,
  org,
  refreshKey = 0,
  onSelect,
  onOpen,
  onConnect,
  onFailure,
}: AssetBrowserProps) {
  const t = useT();
  const [nodeId, setNodeId] = useState(node);
  // The element's `node` changed after the first render: the tree's choice follows it.
  const [seenNode, setSeenNode] = useState(node);
  if (seenNode !== node) {
    setSeenNode(node);
    setNodeId(node);
  }
  const [all, setAll] = useState(true);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rowsRef = useRef<Row[]>([]);
  const size = pageSize && pageSize > 0 ? pageSize : PAGE_SIZE;
  const source = useMemo(() => assetSource(scope, org), [scope, org]);
  const { url, adapter } = useMemo(() => source.list(nodeId, all, size), [source, nodeId, all, size]);
  const filters = useMemo((): Record<string, string> => (search ? { search } : {}), [search]);
  const { state, setPage, setSize, reload } = useList({ url, adapter, filters, org, onError: onFailure });
  const favorites = useFavoriteIds(source.favorites, refreshKey);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else reload();
  }, [refreshKey, reload]);
  rowsRef.current = state.rows;

  const choose = (ids: Set<string>) => {
    setSelected(ids);
    onSelect?.(rowsRef.current.filter((row) => ids.has(String(row.id))));
  };
  return (
    <div className="asset-browser">
      <style>{BROWSER_CSS}</style>
      <aside
        className="tree-pane"
        part="tree"
        aria-label={t(scope === 'mine' ? 'assets.browser.myTree' : 'assets.tree.title')}
      >
        {source.allEntry && (
          <button
            type="button"
            className={`all-assets${nodeId ? '' : ' selected'}`}
            aria-pressed={!nodeId}
            onClick={() => {
              setNodeId(undefined);
              choose(new Set());
            }}
          >
            {t('assets.browser.allAssets')}
          </button>
        )}
        <NodeTree
          selected={nodeId}
          reloadKey={refreshKey}
          load={source.tree}
          onError={onFailure}
          onSelect={(n) => {
            setNodeId(n.id);
            choose(new Set());
          }}
        />
      </aside>
      <div className="table-pane">
        <div className="toolbar" part="toolbar">
          <label className="show-all-label">
            <input type="checkbox" className="show-all" checked={all} onChange={(e) => setAll(e.target.checked)} />
            {t('assets.tree.showAll')}
          </label>
          <input
            type="search"
            className="search"
            placeholder={t('common.search')}
            aria-label={t('common.search')}
            onKeyDown={(e) => e.key === 'Enter' && setSearch(e.currentTarget.value.trim())}
          />
          {/* The host's own controls beside the search (the element's `toolbar` slot). */}
          <slot name="toolbar" />
        </div>
        <AssetTable
          rows={state.rows}
          columns={source.columns}
          favorites={source.favorites ? favorites : undefined}
          selectable={selectable}
          selected={selected}
          onSelect={choose}
          onOpen={(row) => onOpen?.(row)}
          onConnect={(row) => onConnect?.(row)}
        />
        <Pager
          total={state.total}
          page={state.page}
          size={state.size}
          sizes={adapter.pageSizes}
          onPage={setPage}
          onSize={setSize}
        />
      </div>
    </div>
  );
}

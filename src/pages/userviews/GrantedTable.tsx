import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { DataTable } from '../../core/engine/list/DataTable.tsx';
import { Pager } from '../../core/engine/list/Pager.tsx';
import { SearchBar } from '../../core/engine/list/SearchBar.tsx';
import { useList } from '../../core/engine/list/use-list.ts';
import { SlIconButton } from '../../core/engine/shoelace.ts';
import { useT } from '../../core/i18n/index.ts';
import { limitOffsetAdapter, type Row } from '../../core/resource/adapters.ts';
import type { ColumnSpec } from '../../core/resource/columns.ts';
import type { ListColumnOverride } from '../../core/resource/define.ts';
import { cleanSearchParams } from '../../core/resource/search.ts';
import './i18n.ts';

export interface GrantedColumn {
  prop: string;
  /** i18n key of the header. */
  title: string;
  width?: number;
  sortable?: boolean;
  /** Replaces the text cell (text only, never HTML from the server). */
  render?: (row: Row) => ReactNode;
}

export interface GrantedTableProps {
  url: string;
  /** Fixed query params of the endpoint (not a search the user typed). */
  params?: Record<string, string>;
  columns: GrantedColumn[];
  /** The row's actions (last column). */
  actions?: (row: Row, reload: () => void) => ReactNode;
  /** i18n key shown instead of the table when nothing is granted (no search typed). */
  empty: string;
  /** Changing it reloads the current page (e.g. after the favourites changed). */
  reloadKey?: unknown;
  /** The list's name (its heading's text): the table's and its pager's accessible names. */
  label?: string;
}

/**
 * What the user was granted, read-only: the engine's paged list (search, sort, pager) over a "my"
 * endpoint with the page's own columns. These endpoints have no OPTIONS metadata to read labels from.
 */
export function GrantedTable({ url, params, columns, actions, empty, reloadKey, label }: GrantedTableProps) {
  const t = useT();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const query = useMemo(() => cleanSearchParams(filters), [filters]);
  const request = useMemo(() => ({ ...params, ...query }), [params, query]);
  // A refused or failed load is not "nothing granted": the empty state waits for an answer.
  const [failed, setFailed] = useState(false);
  const { state, setPage, setSize, setOrder, reload } = useList({
    url,
    adapter: limitOffsetAdapter,
    filters: request,
    onError: () => setFailed(true),
  });
  useEffect(() => {
    if (state.loading) setFailed(false);
  }, [state.loading]);
  const [seenKey, setSeenKey] = useState(reloadKey);
  if (seenKey !== reloadKey) {
    setSeenKey(reloadKey);
    reload();
  }
  const specs: ColumnSpec[] = useMemo(
    () => [
      ...columns.map((c) => ({
        prop: c.prop,
        label: t(c.title),
        kind: 'text' as const,
        width: c.width,
        sortable: c.sortable ?? false,
      })),
      ...(actions
        ? [{ prop: 'actions', label: t('common.actions'), kind: 'actions' as const, sortable: false, width: 150 }]
        : []),
    ],
    [columns, actions, t],
  );
  const overrides = useMemo(
    () =>
      Object.fromEntries(
        columns.filter((c) => c.render).map((c) => [c.prop, { render: c.render } satisfies ListColumnOverride]),
      ),
    [columns],
  );
  const searching = Object.keys(query).length > 0;
  const none = state.rows.length === 0 && !state.loading && !failed;

  return (
    <div className="list-table granted-table">
      <div className="list-toolbar">
        <span className="spacer" />
        <SearchBar fields={[]} value={filters} onChange={setFilters} />
        <SlIconButton name="arrow-clockwise" className="refresh" label={t('common.refresh')} onClick={reload} />
      </div>
      {none ? (
        <p className="granted-empty engine-table empty" role="status">
          {t(searching ? 'userviews.empty.search' : empty)}
        </p>
      ) : (
        <DataTable
          label={label}
          columns={specs}
          rows={state.rows}
          overrides={overrides}
          selected={new Set()}
          onSelect={() => undefined}
          order={state.order}
          onSort={setOrder}
          renderActions={(row) => actions?.(row, reload)}
        />
      )}
      <Pager
        label={label}
        total={state.total}
        page={state.page}
        size={state.size}
        sizes={limitOffsetAdapter.pageSizes}
        onPage={setPage}
        onSize={setSize}
      />
    </div>
  );
}

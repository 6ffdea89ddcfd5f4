import '../i18n.ts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { limitOffsetAdapter, type Row } from '../../resource/adapters.ts';
import { metaToColumns } from '../../resource/columns.ts';
import { defaultRange, rangeParams, type DateRange } from '../../resource/dates.ts';
import type { ActionContext, HeaderAction, ResourceDefinition } from '../../resource/define.ts';
import { filterableFields, type FieldsMeta } from '../../resource/metadata.ts';
import { hasRoute, pageTitle } from '../../resource/names.ts';
import { cleanSearchParams } from '../../resource/search.ts';
import type { BastionErrorDetail } from '../../element-types.ts';
import { failureText, reportFailure } from '../../ui/element-failure.ts';
import { navigateHash, useConsoleLocation } from '../../ui/hash-location.ts';
import { lazyComponent } from '../../ui/lazy-component.ts';
import { arrivedListMeta, loadListMeta } from '../api.ts';
import { goTo, resourcePath, rowId } from '../navigate.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { confirmBulkDelete } from './bulk-delete.ts';
import { DataTable } from './DataTable.tsx';
import type { ListDialogsProps, OpenDialog } from './ListDialogs.tsx';
import { HeaderActions } from './HeaderActions.tsx';
import { Pager } from './Pager.tsx';
import { RowActions } from './RowActions.tsx';
import { rowActionsOf } from './row-actions.ts';
import { SearchBar } from './SearchBar.tsx';
import { useList } from './use-list.ts';

// Only lists with a date range draw it (sessions, commands, audits: sections that load on first use),
// so it comes in their chunk, not with the first screen's list.
const DateRangePicker = lazyComponent<{ value: DateRange; onChange: (range: DateRange) => void }>(
  () => import('./DateRangePicker.tsx').then((m) => m.DateRangePicker),
  'DateRangePicker',
);

// Import, export and multiple update (and the form controls they use) load when first opened.
const ListDialogs = lazyComponent<ListDialogsProps>(
  () => import('./ListDialogs.tsx').then((m) => m.ListDialogs),
  'ListDialogs',
);

/** Spec §9: a preset filter searches this long after the page loads. */
export const PRESET_SEARCH_DELAY = 400;

export interface ListTableProps {
  resource: ResourceDefinition;
  filters: Record<string, string>;
  onFiltersChange: (filters: Record<string, string>) => void;
  onError?: (error: unknown) => void;
  /** Sent with every request but not shown as search tags (a detail tab's `user_id=<its user>`). */
  fixed?: Record<string, string>;
}

export function ListTable({ resource, filters, onFiltersChange, onError, fixed }: ListTableProps) {
  const t = useT();
  // The table's and its pager's name: the list's title ('' when the definition has none of its own).
  const name = t(pageTitle(resource, 'list'), { defaultValue: '' });
  const root = useRef<HTMLDivElement>(null);
  const list = resource.list;
  const adapter = list.adapter ?? limitOffsetAdapter;
  // The metadata the page's early call already brought is drawn in the first render (engine/early.ts).
  const [arrivedMeta] = useState(() => (list.metadata === false ? undefined : arrivedListMeta(resource.url)));
  const [meta, setMeta] = useState<FieldsMeta | undefined>(arrivedMeta && (arrivedMeta.value.actions?.GET ?? {}));
  const metaArrived = useRef(arrivedMeta !== undefined);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [range, setRange] = useState<DateRange | null>(() =>
    list.dateRange ? defaultRange(typeof list.dateRange === 'number' ? list.dateRange : 7) : null,
  );
  const [preset] = useState(() => Object.keys(filters).length > 0);
  // A layout effect sends the request before the browser paints the first frame (a passive effect
  // would wait for it), so the metadata travels while the shell is laid out.
  useLayoutEffect(() => {
    if (metaArrived.current) {
      metaArrived.current = false;
      return;
    }
    if (list.metadata === false) setMeta({});
    else
      loadListMeta(resource.url).then(
        (m) => setMeta(m.actions?.GET ?? {}),
        () => setMeta({}),
      );
  }, [resource.url, list.metadata]);

  const fixedKey = JSON.stringify(fixed ?? {});
  const query = useMemo(
    () => ({ ...cleanSearchParams(filters), ...(fixed ?? {}), ...(range ? rangeParams(range) : {}) }),
    [filters, range, fixedKey],
  );
  const [failure, setFailure] = useState<BastionErrorDetail | null>(null);
  const fail = (error: unknown) => {
    onError?.(error);
    // Not bubbling: an 'error' reaching window would look like an uncaught error to the host page.
    // composed still delivers it to the element that hosts the console's shadow root.
    root.current?.dispatchEvent(new CustomEvent('error', { detail: error, composed: true }));
    // The table says why it is empty, and the host hears it as `bastion-error` (401: the sign-in prompt).
    setFailure(reportFailure(root.current, error));
  };
  const { state, setPage, setSize, setOrder, reload } = useList({
    url: resource.url,
    adapter,
    filters: query,
    firstDelay: preset ? PRESET_SEARCH_DELAY : 0,
    onError: fail,
  });
  // A page that loaded (again) clears the failure.
  useEffect(() => {
    if (!state.loading && state.rows.length > 0) setFailure(null);
  }, [state.loading, state.rows]);
  const ctx: ActionContext = { reload, navigate: navigateHash };
  const columns = useMemo(
    () =>
      metaToColumns(meta, list.columns, {
        linkField: list.linkField,
        overrides: list.overrides,
        actionsLabel: t('common.actions'),
      }),
    [meta, list, t],
  );
  const filterFields = [
    ...filterableFields(meta).filter((f) => !list.filters || list.filters.includes(f)),
    ...Object.keys(list.extraFilters ?? {}),
  ];
  const searchMeta = list.extraFilters ? { ...meta, ...list.extraFilters } : meta;
  const rowActions = useMemo(() => rowActionsOf(resource), [resource]);
  const selectedRows = state.rows.filter((row) => selected.has(rowId(row)));
  const ids = [...selected];

  const more: HeaderAction[] = [
    ...(list.bulkDelete === false
      ? []
      : [
          {
            name: 'bulkDelete',
            title: 'engine.list.bulkDelete',
            needsSelection: true,
            onClick: () =>
              confirmBulkDelete(resource.url, ids, () => {
                setSelected(new Set());
                reload();
              }),
          },
        ]),
    ...(list.bulkUpdate
      ? [
          {
            name: 'bulkUpdate',
            title: 'engine.list.bulkUpdate',
            needsSelection: true,
            onClick: () => setDialog(ids.length ? 'bulkUpdate' : null),
          },
        ]
      : []),
    ...(list.headerActions ?? []),
  ];
  const run = (action: HeaderAction) => {
    if (action.needsSelection && ids.length === 0 && action.name !== 'bulkDelete') return;
    void action.onClick(selectedRows, ctx);
  };
  const create =
    typeof list.create === 'function'
      ? () => void (list.create as (c: ActionContext) => unknown)(ctx)
      : (list.create ?? hasRoute(resource, 'create'))
        ? () => goTo(resource, 'create')
        : undefined;

  return (
    <div ref={root} className="list-table">
      <div className="list-toolbar" part="toolbar">
        <HeaderActions
          more={more}
          run={run}
          onCreate={create}
          onExport={list.importExport ? () => setDialog('export') : undefined}
          onImport={list.importExport === true ? () => setDialog('import') : undefined}
        />
        <span className="spacer" />
        {range && <DateRangePicker value={range} onChange={setRange} />}
        <SearchBar fields={filterFields} meta={searchMeta} value={filters} onChange={onFiltersChange} />
        <IconButton name="arrow-clockwise" className="refresh" label={t('common.refresh')} onClick={reload} />
      </div>
      {meta && (
        <DataTable
          label={name}
          columns={columns}
          rows={state.rows}
          meta={meta}
          overrides={list.overrides}
          selectable
          selected={selected}
          onSelect={setSelected}
          order={state.order}
          onSort={setOrder}
          detailHref={
            hasRoute(resource, 'detail')
              ? (row: Row) => useConsoleLocation.hrefs(resourcePath(resource, 'detail', rowId(row)))
              : undefined
          }
          emptyText={failure ? failureText(t, failure) : undefined}
          renderActions={(row) => <RowActions row={row} actions={rowActions} ctx={ctx} />}
        />
      )}
      <Pager
        label={name}
        total={state.total}
        page={state.page}
        size={state.size}
        sizes={adapter.pageSizes}
        onPage={setPage}
        onSize={setSize}
      />
      {dialog && (
        <ListDialogs
          open={dialog}
          resource={resource}
          filters={query}
          ids={ids}
          onClose={() => setDialog(null)}
          reload={reload}
        />
      )}
    </div>
  );
}

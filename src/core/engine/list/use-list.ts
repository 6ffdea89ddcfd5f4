import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { arrivedListPage, loadListPage } from '../api.ts';
import type { ListAdapter, Row } from '../../resource/adapters.ts';

export interface ListState {
  rows: Row[];
  total: number;
  page: number;
  size: number;
  order: string;
  loading: boolean;
}

export interface UseListOptions {
  url: string;
  adapter: ListAdapter;
  filters: Record<string, string>;
  /** ms to wait before the first load (a preset filter searches 400 ms after load). */
  firstDelay?: number;
  onError?: (error: unknown) => void;
  /** The org to ask in instead of the page's current one (an element's pinned `org`). */
  org?: string;
}

/**
 * Loads one page of rows through the adapter whenever the url, filters, page, size or order
 * change. A response that arrives after a newer request was sent is dropped.
 */
export function useList({ url, adapter, filters, firstDelay = 0, onError, org }: UseListOptions) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(adapter.defaultSize);
  // A new default size (an element's page-size changed after its first render) applies at once, from page 1.
  const [seenDefault, setSeenDefault] = useState(adapter.defaultSize);
  if (seenDefault !== adapter.defaultSize) {
    setSeenDefault(adapter.defaultSize);
    setSize(adapter.defaultSize);
    setPage(1);
  }
  const [order, setOrder] = useState('');
  const filtersKey = JSON.stringify(filters);
  // Page 1 already brought by the page's early call (engine/early.ts): drawn in the first render.
  const [arrived] = useState(() =>
    firstDelay > 0 || org !== undefined ? undefined : readArrived(url, adapter, filtersKey),
  );
  const [data, setData] = useState<{ rows: Row[]; total: number }>(arrived ?? { rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const sequence = useRef(0);
  const first = useRef(true);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  // A new search starts on page 1, decided during render so no request goes out for the old page.
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    setSeenFilters(filtersKey);
    setPage(1);
  }

  // Layout effect: the request leaves before the first paint instead of after it (see ListTable).
  useLayoutEffect(() => {
    const id = ++sequence.current;
    const load = () => {
      setLoading(true);
      const params = adapter.params({ page, size, order, filters: JSON.parse(filtersKey) });
      loadListPage(url, params, org)
        .then(
          (body) => {
            if (id === sequence.current) setData(adapter.read(body));
          },
          (error: unknown) => {
            if (id !== sequence.current) return;
            setData({ rows: [], total: 0 });
            onErrorRef.current?.(error);
          },
        )
        .finally(() => id === sequence.current && setLoading(false));
    };
    const delay = first.current ? firstDelay : 0;
    const drawn = first.current && arrived !== undefined;
    first.current = false;
    if (drawn) return;
    if (delay <= 0) return load();
    const timer = setTimeout(load, delay);
    return () => clearTimeout(timer);
  }, [url, adapter, page, size, order, filtersKey, tick, firstDelay, org]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const changeSize = useCallback((next: number) => {
    setSize(next);
    setPage(1);
  }, []);
  const state: ListState = { ...data, page, size, order, loading };
  return { state, setPage, setSize: changeSize, setOrder, reload };
}

function readArrived(
  url: string,
  adapter: ListAdapter,
  filtersKey: string,
): { rows: Row[]; total: number } | undefined {
  const params = adapter.params({ page: 1, size: adapter.defaultSize, order: '', filters: JSON.parse(filtersKey) });
  const found = arrivedListPage(url, params);
  if (!found) return undefined;
  try {
    return adapter.read(found.value);
  } catch {
    return undefined; // the first load asks again and reports what it gets
  }
}

import { apiUrl, http } from '../http.ts';
import type { OptionsMeta } from '../resource/metadata.ts';
import { sendEarly, take, takeArrived } from './early.ts';

// The engines' server calls (jumpserver-api.md §1.7–1.10), in one place so pages stay declarative.

export const RESOURCE_CACHE_URL = '/api/v1/common/resources/cache/';

const LIST_META_PARAMS = { draw: 1, display: 1 };

/** Table metadata: the GET action of `OPTIONS <url>?draw=1&display=1`. */
export function loadListMeta(url: string): Promise<OptionsMeta> {
  return take('options', url, LIST_META_PARAMS, () => http.options<OptionsMeta>(url, { params: LIST_META_PARAMS }));
}

/** The list metadata or page an early call has already brought (early.ts `takeArrived`), else undefined. */
export const arrivedListMeta = (url: string) => takeArrived<OptionsMeta>('options', url, LIST_META_PARAMS);
export const arrivedListPage = (url: string, params: Record<string, unknown>) =>
  takeArrived<unknown>('get', url, params);

/** One page of a list (the adapter's params); `org` asks in that org rather than the page's (never sent early). */
export function loadListPage(url: string, params: Record<string, unknown>, org?: string): Promise<unknown> {
  if (org !== undefined) return http.get<unknown>(url, { params, org });
  return take('get', url, params, () => http.get<unknown>(url, { params }));
}

/** Starts the calls `loadListMeta` and `loadListPage` will make for a list's first screen (early.ts). */
export function sendListEarly(url: string, params: Record<string, unknown>): void {
  sendEarly('options', url, LIST_META_PARAMS, () =>
    http.options<OptionsMeta>(url, { params: LIST_META_PARAMS, quiet: true }),
  );
  sendEarly('get', url, params, () => http.get<unknown>(url, { params, quiet: true }));
}

/** Form metadata: the POST (create) or PUT (update) action of `OPTIONS <url>`. */
export function loadFormMeta(url: string): Promise<OptionsMeta> {
  return http.options<OptionsMeta>(url);
}

/** Caches the ids server-side; the returned spm names them in a later `?spm=` (§1.8). */
export async function cacheResources(ids: string[]): Promise<string> {
  const body = await http.post<{ spm: string }>(RESOURCE_CACHE_URL, { resources: ids });
  return body.spm;
}

export async function bulkDelete(url: string, ids: string[]): Promise<void> {
  const spm = await cacheResources(ids);
  await http.delete(url, { params: { spm }, disableFlashErrMsg: true });
}

export function bulkPatch(url: string, rows: Record<string, unknown>[]): Promise<unknown> {
  return http.patch(url, rows);
}

/** An absolute-path address of the CSV export of `url` with these params. */
export function csvUrl(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ format: 'csv', ...params }).toString();
  return `${apiUrl(url)}${url.includes('?') ? '&' : '?'}${query}`;
}

/** POST creates, PUT updates; the raw file is the body (§1.10). */
export function importCsv(url: string, mode: 'create' | 'update', file: Blob): Promise<unknown[]> {
  const send = mode === 'create' ? http.post : http.put;
  return send<unknown[]>(url, file, { headers: { 'Content-Type': 'text/csv' } });
}

type Downloader = (href: string) => void;

const linkDownload: Downloader = (href) => {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
};

let downloader: Downloader = linkDownload;

/** Starts a file download (the server names the file); tests replace it, null restores. */
export function downloadFile(href: string): void {
  downloader(href);
}

export function setDownloader(fn: Downloader | null): void {
  downloader = fn ?? linkDownload;
}

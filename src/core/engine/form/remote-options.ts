import { SELECT_PAGE_SIZE } from '../../config.ts';
import { http } from '../../http.ts';
import type { RemoteOptions } from '../../resource/fields.ts';
import type { ComboOption } from './Combo.tsx';

interface Page {
  results?: unknown[];
  next?: string | null;
  count?: number;
}

/** Reads a dotted path ('user.name') of a row. */
export function readPath(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], row);
}

export function toOption(row: unknown, remote: RemoteOptions): ComboOption {
  const label = remote.label ? remote.label(row as Record<string, unknown>) : readPath(row, remote.labelPath ?? 'name');
  return { value: readPath(row, remote.valuePath ?? 'id'), label: String(label ?? '') };
}

/** One page of a remote select: GET url with `search`, `offset`, `limit=10` (spec §7). */
export async function loadRemotePage(remote: RemoteOptions, search: string, offset: number) {
  const body = await http.get<Page | unknown[]>(remote.url, {
    params: { search: search || undefined, offset, limit: SELECT_PAGE_SIZE },
  });
  const page: Page = Array.isArray(body) ? { results: body, next: null, count: body.length } : body;
  const options = (page.results ?? []).map((row) => toOption(row, remote));
  return { options, hasMore: Boolean(page.next), count: page.count ?? options.length };
}

/** Labels for values already chosen (an update form holds ids): GET url?ids=… */
export async function loadChosenLabels(remote: RemoteOptions, values: unknown[]): Promise<ComboOption[]> {
  if (values.length === 0) return [];
  const body = await http.get<Page | unknown[]>(remote.url, {
    params: { ids: values.map(String).join(','), limit: values.length, offset: 0 },
  });
  const rows = Array.isArray(body) ? body : (body.results ?? []);
  return rows.map((row) => toOption(row, remote));
}

import { http } from '../../core/http.ts';
import { sendEarly, take } from '../../core/engine/early.ts';

// The dashboard's one call (`GET /api/v1/index/`, §2.12): every figure for the last 7 or 30 days of the
// current org. Kept apart from the page so the first load can start it while the shell renders.

export const INDEX_URL = '/api/v1/index/';

export interface TopEntry {
  user?: string;
  asset?: string;
  total: number;
  last?: string;
}
export interface LatestSession {
  id?: string;
  user: string;
  asset: string;
  is_finished: boolean;
  date_start: string;
  timesince: string;
}

export interface IndexFigures {
  total_count_users?: number;
  total_count_assets?: number;
  total_count_online_users?: number;
  total_count_online_sessions?: number;
  dates_metrics_date?: string[];
  dates_metrics_total_count_login?: number[];
  dates_metrics_total_count_active_users?: number[];
  dates_metrics_total_count_active_assets?: number[];
  dates_metrics_total_count_sign_in?: number[];
  dates_total_count_active_users?: number;
  dates_total_count_inactive_users?: number;
  dates_total_count_disabled_users?: number;
  dates_total_count_active_assets?: number;
  dates_total_count_inactive_assets?: number;
  dates_total_count_disabled_assets?: number;
  dates_login_times_top10_users?: TopEntry[];
  dates_login_times_top10_assets?: TopEntry[];
  dates_login_record_top10_sessions?: LatestSession[];
  storage_status?: StorageStatus;
}

export interface StorageFault {
  kind: string;
  code?: string;
  message?: string;
  at?: string;
}
export interface DataFolder {
  state: string;
  free_bytes: number | null;
  total_bytes: number | null;
  last_fault: StorageFault | null;
}
/** Our extension (superusers only): the server's data folder and each accepted terminal's. */
export interface StorageStatus {
  server: DataFolder;
  terminals: (DataFolder & { id: string; name: string; is_alive: boolean })[];
}

export type Days = 7 | 30;

const paramsFor = (days: Days): Record<string, unknown> => (days === 30 ? { all: 1, monthly: 1 } : { all: 1 });

/** Started by the route (PageComponent.sendEarly) before the page has rendered; quiet, as early calls are. */
export function sendIndexEarly(): void {
  const params = paramsFor(7);
  sendEarly('get', INDEX_URL, params, () => http.get(INDEX_URL, { params, quiet: true }));
}

export function loadIndex(days: Days): Promise<IndexFigures> {
  const params = paramsFor(days);
  return take('get', INDEX_URL, params, () => http.get<IndexFigures>(INDEX_URL, { params }));
}

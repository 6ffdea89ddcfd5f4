// Test data for the Assets pages, made through the reference server's API with unique names, and
// removed again afterwards (the server is shared by every test file of a run).
import { api } from '../../../helpers/server.ts';

export const ASSETS = '/api/v1/assets/assets/';
export const NODES = '/api/v1/assets/nodes/';
export const ADMIN_USERS = '/api/v1/assets/admin-users/';
export const CMD_FILTERS = '/api/v1/assets/cmd-filters/';
export const PLATFORMS = '/api/v1/assets/platforms/';

export type Asset = { id: string; hostname: string; ip: string; nodes: string[]; admin_user: string | null };

/** A name no other test file (or earlier run on the same server) uses. */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** POSTs and insists on 201, so a broken server fails the test where the data is made. */
export async function create<T = { id: string }>(url: string, body: unknown): Promise<T> {
  const response = await api<T>('POST', url, body);
  if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function list<T>(url: string, org?: string): Promise<T[]> {
  const response = await api<T[] | { results: T[] }>('GET', url, undefined, org ? { org } : {});
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(response.data)}`);
  return Array.isArray(response.data) ? response.data : response.data.results;
}

export const assetsNamed = (search: string) => list<Asset>(`${ASSETS}?search=${encodeURIComponent(search)}`);

/** Deletes what a test made, assets before the nodes and admin users they hold on to. */
export async function removeAll(urls: string[]): Promise<void> {
  for (const url of urls) await api('DELETE', url);
}

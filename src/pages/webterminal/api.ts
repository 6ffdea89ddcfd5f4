import { apiUrl, http } from '../../core/http.ts';
import { MY_ASSETS, assetSystemUsersUrl, loadSystemUsers, type GrantedSystemUser } from '../userviews/api.ts';

// What the web terminal asks the server: the signed-in user's own grants (the "my" endpoints of
// jumpserver-api.md §2.5, as the user page reads them) and a connection token for the terminal socket.

export const CONNECTION_TOKEN_URL = '/api/v1/users/connection-token/';
/** The terminal component's socket, which the server passes through (ROUTES.md: koko). */
export const TERMINAL_SOCKET_PATH = '/koko/ws/terminal/';
/** Protocols the terminal component (demo/terminal) connects with: SSH only (no telnet, no graphical ones). */
const TERMINAL_PROTOCOLS = new Set(['ssh']);

export interface GrantedAsset {
  id: string;
  hostname: string;
  ip: string;
  platform?: string;
  org_name?: string;
}

/**
 * What a web terminal opens: an asset, or a database app (`kind: 'database_app'`, a recorded SQL session),
 * shown by its name (`hostname`) and address (`ip`: host:port).
 */
export type ConnectTarget = GrantedAsset & { kind?: 'asset' | 'database_app' };

const MY_DATABASE_APPS = '/api/v1/perms/users/database-apps/';

/** The database app if it is granted to the signed-in user (as a target), else null. */
export async function loadGrantedDatabaseApp(id: string): Promise<ConnectTarget | null> {
  const rows = await http.get<unknown>(MY_DATABASE_APPS, { params: { id }, disableFlashErrMsg: true });
  const list = (Array.isArray(rows) ? rows : ((rows as { results?: unknown[] })?.results ?? [])) as {
    id: string;
    name: string;
    host: string;
    port: number;
    org_name?: string;
  }[];
  const app = list.find((row) => row.id === id);
  return app
    ? { kind: 'database_app', id: app.id, hostname: app.name, ip: `${app.host}:${app.port}`, org_name: app.org_name }
    : null;
}

/** The app's granted (MySQL) system users: app grants carry no actions, granted is connect. */
export async function loadDatabaseSystemUsers(appId: string): Promise<GrantedSystemUser[]> {
  return loadSystemUsers(`${MY_DATABASE_APPS}${encodeURIComponent(appId)}/system-users/`);
}

/** The asset if it is granted to the signed-in user, else null (unknown and ungranted look alike). */
export async function loadGrantedAsset(id: string): Promise<GrantedAsset | null> {
  const rows = await http.get<unknown>(MY_ASSETS, { params: { id }, disableFlashErrMsg: true });
  const list = Array.isArray(rows) ? rows : ((rows as { results?: unknown[] })?.results ?? []);
  return (list as GrantedAsset[]).find((asset) => asset.id === id) ?? null;
}

/** The granted system users of an asset that may open a terminal: a terminal protocol and `connect`. */
export async function loadTerminalSystemUsers(assetId: string): Promise<GrantedSystemUser[]> {
  const users = await loadSystemUsers(assetSystemUsersUrl(assetId));
  return users.filter((user) => TERMINAL_PROTOCOLS.has(user.protocol ?? 'ssh') && canConnect(user));
}

const canConnect = (user: GrantedSystemUser & { actions?: unknown }) =>
  !Array.isArray(user.actions) || user.actions.includes('connect') || user.actions.includes('all');

/** A single-use token the terminal exchanges for who connects where, as whom (§2 web terminal tokens). */
export async function createConnectionToken(user: string, target: ConnectTarget, systemUser: string): Promise<string> {
  const where = target.kind === 'database_app' ? { application: target.id } : { asset: target.id };
  const answer = await http.post<{ token?: string }>(
    CONNECTION_TOKEN_URL,
    { user, ...where, system_user: systemUser },
    { disableFlashErrMsg: true },
  );
  if (!answer?.token) throw new Error('no token');
  return answer.token;
}

/** ws(s):// URL of the terminal socket on the API's origin (this page's unless api-base says otherwise). */
export function terminalSocketUrl(token: string, cols: number, rows: number): string {
  const url = new URL(apiUrl(TERMINAL_SOCKET_PATH), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = new URLSearchParams({ token, cols: String(cols), rows: String(rows) }).toString();
  return url.href;
}

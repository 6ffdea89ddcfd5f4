// The database apps a user may open, read from the server's app grant endpoints on the user's behalf
// (jumpserver-api.md §2.5: app grants span every org and carry no actions: granted is connect), and what
// opening one takes: the grant engine's yes right before connecting, the system user's credentials.
import { ApiError, type Api } from '../delivery/api.ts';
import type { GrantedSystemUser, TerminalUser } from '../session/grants.ts';
import type { ManualLogin } from '../session/recorded-session.ts';

export interface DatabaseApp {
  id: string;
  name: string;
  type: string;
  host: string;
  port: number;
  database: string | null;
  org_id: string;
  org_name?: string;
  comment?: string;
}

/** Where and as whom a database session connects. */
export interface DatabaseEndpoint {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string | undefined;
}

const q = encodeURIComponent;

export async function grantedDatabaseApps(api: Api, user: TerminalUser, search = ''): Promise<DatabaseApp[]> {
  // ROOT (the terminal's org): the user's grants in every org, as koko lists them.
  const apps = await api.all<DatabaseApp>(`/api/v1/perms/users/${q(user.id)}/database-apps/?search=${q(search)}`);
  return apps.filter((app) => (app.type ?? 'mysql') === 'mysql');
}

/** The app's granted system users (mysql), highest priority first. */
export async function grantedAppSystemUsers(
  api: Api,
  user: TerminalUser,
  app: DatabaseApp,
): Promise<GrantedSystemUser[]> {
  const all = await api.all<GrantedSystemUser>(
    `/api/v1/perms/users/${q(user.id)}/database-apps/${q(app.id)}/system-users/`,
  );
  return all.filter((su) => su.protocol === 'mysql').sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
}

/** The grant engine's answer right before a session opens: only a yes is a yes (see grants.ts confirmConnect). */
export async function confirmDatabaseApp(
  api: Api,
  user: TerminalUser,
  app: DatabaseApp,
  systemUser: GrantedSystemUser,
): Promise<boolean> {
  const query = `user_id=${q(user.id)}&database_app_id=${q(app.id)}&system_user_id=${q(systemUser.id)}`;
  try {
    const answer = await api.get<{ msg?: unknown }>(`/api/v1/perms/database-app-permissions/user/validate/?${query}`);
    return answer?.msg === true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return false;
    throw error;
  }
}

export async function loadDatabaseApp(api: Api, id: string): Promise<DatabaseApp> {
  return api.get<DatabaseApp>(`/api/v1/applications/database-apps/${q(id)}/`);
}

interface AuthInfo {
  username?: string;
  password?: string;
}

/** The app's address with the system user's stored credentials, or those the user typed (manual login). */
export async function databaseEndpoint(
  api: Api,
  user: TerminalUser,
  app: DatabaseApp,
  systemUser: GrantedSystemUser,
  manual?: ManualLogin,
): Promise<DatabaseEndpoint> {
  const base = { host: app.host, port: Number(app.port) || 3306, database: app.database || undefined };
  if (manual) return { ...base, user: manual.username || systemUser.username, password: manual.password };
  const info = await api.get<AuthInfo>(`/api/v1/assets/system-users/${q(systemUser.id)}/auth-info/`);
  const username = info.username || (systemUser.username_same_with_user ? user.username : systemUser.username);
  return { ...base, user: username, password: info.password ?? '' };
}

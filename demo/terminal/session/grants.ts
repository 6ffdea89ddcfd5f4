// What a signed-in user may open, read from the server's grant endpoints on the user's behalf, and what
// opening it takes (the system user's credentials on that asset, the domain's gateway, the filter rules).
import { ApiError, type Api } from '../delivery/api.ts';
import type { Endpoint } from './target.ts';
import type { FilterRule } from '../../shared/command-filter/command-filter.ts';

export interface TerminalUser {
  id: string;
  username: string;
  name: string;
}

/** How sessions, commands and FTP logs name a user: `Name(username)`, from either door. */
export const userLabel = (user: TerminalUser) => `${user.name}(${user.username})`;
export interface GrantedAsset {
  id: string;
  hostname: string;
  ip: string;
  protocols: string[];
  domain: string | null;
  org_id: string;
  comment?: string;
}
export interface GrantedSystemUser {
  id: string;
  name: string;
  username: string;
  protocol: string;
  login_mode?: string;
  priority?: number;
  username_same_with_user?: boolean;
  /** Action names the user holds with this system user on the asset (the grant engine's OR over permissions). */
  actions?: string[];
}

const q = encodeURIComponent;

/**
 * The granted assets this door can open: at least one SSH system user granted with `connect`. The
 * server narrows the list (`actions=connect&protocol=ssh`, our extension of 2.3's endpoint) in one call;
 * asking every asset's system users instead cost 1-2 ms an asset (300 assets: 0.35-0.6 s a listing).
 */
export async function grantedAssets(api: Api, user: TerminalUser, search = ''): Promise<GrantedAsset[]> {
  return api.all<GrantedAsset>(
    `/api/v1/perms/users/${q(user.id)}/assets/?search=${q(search)}&actions=connect&protocol=ssh`,
  );
}

/** The asset's granted system users this terminal can open (ssh, with connect), highest priority first. */
export async function grantedSystemUsers(
  api: Api,
  user: TerminalUser,
  asset: GrantedAsset,
): Promise<GrantedSystemUser[]> {
  const all = await api.all<GrantedSystemUser>(`/api/v1/perms/users/${q(user.id)}/assets/${q(asset.id)}/system-users/`);
  return all
    .filter((su) => su.protocol === 'ssh' && (su.actions ?? []).includes('connect'))
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
}

/**
 * The grant engine's answer, asked right before a session opens (2.3's koko does the same): a grant may
 * have changed since the menu listed the asset, or while the user typed a password. Only a yes is a yes;
 * a no (403), an unknown id (404) or a failure throws, and the caller does not connect.
 */
export async function confirmConnect(
  api: Api,
  user: TerminalUser,
  asset: GrantedAsset,
  systemUser: GrantedSystemUser,
): Promise<boolean> {
  const query = `user_id=${q(user.id)}&asset_id=${q(asset.id)}&system_user_id=${q(systemUser.id)}&action_name=connect`;
  try {
    const answer = await api.get<{ msg?: unknown }>(`/api/v1/perms/asset-permissions/user/validate/?${query}`);
    return answer?.msg === true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return false;
    throw error;
  }
}

export function sshPort(asset: GrantedAsset): number {
  const ssh = asset.protocols.map(String).find((p) => p.startsWith('ssh/'));
  return ssh ? Number(ssh.split('/')[1]) || 22 : 22;
}

interface AuthInfo {
  username?: string;
  password?: string;
  private_key?: string;
}

export async function assetEndpoint(
  api: Api,
  user: TerminalUser,
  asset: GrantedAsset,
  systemUser: GrantedSystemUser,
): Promise<Endpoint> {
  const info = await api.get<AuthInfo>(
    `/api/v1/assets/system-users/${q(systemUser.id)}/assets/${q(asset.id)}/auth-info/?username=${q(user.username)}`,
  );
  return {
    host: asset.ip,
    port: sshPort(asset),
    username: info.username || (systemUser.username_same_with_user ? user.username : systemUser.username),
    password: info.password || undefined,
    privateKey: info.private_key || undefined,
    passphrase: info.password || undefined,
  };
}

interface GatewayRow {
  id: string;
  ip: string;
  port: number;
  username: string;
  password?: string;
  private_key?: string;
  is_active?: boolean;
  protocol?: string;
}

/** An active SSH gateway of the asset's domain, with its credentials; null when the asset has no domain. */
export async function gatewayEndpoint(api: Api, asset: GrantedAsset): Promise<Endpoint | null> {
  if (!asset.domain) return null;
  const usable = (await api.all<GatewayRow>(`/api/v1/assets/assets/${q(asset.id)}/gateways/`)).filter(
    (g) => g.is_active !== false && (g.protocol ?? 'ssh') === 'ssh',
  );
  if (!usable.length) return null;
  // Several gateways of one domain are equivalent; spreading the sessions over them as 2.3 does.
  const gateway = usable[Math.floor(Math.random() * usable.length)];
  return {
    host: gateway.ip,
    port: Number(gateway.port) || 22,
    username: gateway.username,
    password: gateway.password || undefined,
    privateKey: gateway.private_key || undefined,
    passphrase: gateway.password || undefined,
  };
}

export async function filterRules(api: Api, systemUser: GrantedSystemUser): Promise<FilterRule[]> {
  return api.all<FilterRule>(`/api/v1/assets/system-users/${q(systemUser.id)}/cmd-filter-rules/`);
}

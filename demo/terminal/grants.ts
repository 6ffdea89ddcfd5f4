// What a signed-in user may open, read from the server's grant endpoints on the user's behalf, and what
// opening it takes (the system user's credentials on that asset, the domain's gateway, the filter rules).
import type { Api } from './api.ts';
import type { Endpoint } from './target.ts';
import type { FilterRule } from './command-filter.ts';

export interface TerminalUser { id: string; username: string; name: string }
export interface GrantedAsset { id: string; hostname: string; ip: string; protocols: string[]; domain: string | null; org_id: string; comment?: string }
export interface GrantedSystemUser { id: string; name: string; username: string; protocol: string; login_mode?: string; priority?: number; username_same_with_user?: boolean }

const q = encodeURIComponent;

export async function grantedAssets(api: Api, user: TerminalUser, search = ''): Promise<GrantedAsset[]> {
  return api.all<GrantedAsset>(`/api/v1/perms/users/${q(user.id)}/assets/?search=${q(search)}`);
}

/** The asset's granted system users this terminal can open (ssh), highest priority first. */
export async function grantedSystemUsers(api: Api, user: TerminalUser, asset: GrantedAsset): Promise<GrantedSystemUser[]> {
  const all = await api.all<GrantedSystemUser>(`/api/v1/perms/users/${q(user.id)}/assets/${q(asset.id)}/system-users/`);
  return all.filter((su) => su.protocol === 'ssh').sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
}

export function sshPort(asset: GrantedAsset): number {
  const ssh = asset.protocols.map(String).find((p) => p.startsWith('ssh/'));
  return ssh ? Number(ssh.split('/')[1]) || 22 : 22;
}

interface AuthInfo { username?: string; password?: string; private_key?: string }

export async function assetEndpoint(api: Api, user: TerminalUser, asset: GrantedAsset, systemUser: GrantedSystemUser): Promise<Endpoint> {
  const info = await api.get<AuthInfo>(`/api/v1/assets/system-users/${q(systemUser.id)}/assets/${q(asset.id)}/auth-info/?username=${q(user.username)}`);
  return {
    host: asset.ip, port: sshPort(asset), username: info.username || (systemUser.username_same_with_user ? user.username : systemUser.username),
    password: info.password || undefined, privateKey: info.private_key || undefined, passphrase: info.password || undefined,
  };
}

interface GatewayRow { id: string; ip: string; port: number; username: string; password?: string; private_key?: string; is_active?: boolean; protocol?: string }

/** An active SSH gateway of the asset's domain, with its credentials; null when the asset has no domain. */
export async function gatewayEndpoint(api: Api, asset: GrantedAsset): Promise<Endpoint | null> {
  if (!asset.domain) return null;
  const usable = (await api.all<GatewayRow>(`/api/v1/assets/assets/${q(asset.id)}/gateways/`))
    .filter((g) => g.is_active !== false && (g.protocol ?? 'ssh') === 'ssh');
  if (!usable.length) return null;
  // Several gateways of one domain are equivalent; spreading the sessions over them as 2.3 does.
  const gateway = usable[Math.floor(Math.random() * usable.length)];
  return {
    host: gateway.ip, port: Number(gateway.port) || 22, username: gateway.username,
    password: gateway.password || undefined, privateKey: gateway.private_key || undefined, passphrase: gateway.password || undefined,
  };
}

export async function filterRules(api: Api, systemUser: GrantedSystemUser): Promise<FilterRule[]> {
  return api.all<FilterRule>(`/api/v1/assets/system-users/${q(systemUser.id)}/cmd-filter-rules/`);
}

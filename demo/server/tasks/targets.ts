// Where and as whom a task connects: an asset's SSH port (from `protocols`), its admin user's
// credentials (an AuthBook version on that asset first) and, when its domain has an active SSH gateway, that gateway.
import { latestAuthBook, withAssetAuth } from '../assets/auth-book-store.ts';
import type { DB } from '../core/db/open.ts';
import { openColumns } from '../core/secrets/sealed-columns.ts';
import type { SkipReason } from './log-messages.ts';
import type { SshEndpoint } from './ssh/connect.ts';
import { activeGatewayRow, adminUserLogin, type AssetRow, type CredentialRow } from './target-store.ts';

export type { AssetRow, CredentialRow } from './target-store.ts';

export interface AssetTarget {
  asset: AssetRow;
  /** Set when the asset can be tried; otherwise `skip` says why not. */
  endpoint?: SshEndpoint;
  gateway?: SshEndpoint & { name: string };
  skip?: SkipReason;
}

/** The port of the first `ssh/<port>` entry of a space-joined protocols column. */
export function sshPort(protocols: string): number | null {
  for (const entry of protocols.split(/\s+/)) {
    const match = /^ssh\/(\d{1,5})$/.exec(entry);
    if (match) return Number(match[1]);
  }
  return null;
}

export const credentials = (row: CredentialRow): Pick<SshEndpoint, 'password' | 'privateKey'> => ({
  ...(row.password ? { password: row.password } : {}),
  ...(row.private_key ? { privateKey: row.private_key } : {}),
});

/** Another account to log in with instead of the admin user (a system user's connectivity test). */
export type LoginAccount = CredentialRow;

/** The admin user's login, its credentials in clear. */
export function adminCredentials(db: DB, adminUserId: string): CredentialRow | undefined {
  const row = adminUserLogin(db, adminUserId);
  return row ? openColumns(db, 'admin_users', row) : undefined;
}

/** The admin user's login on one asset: its newest AuthBook version there over its own credentials (2.3's get_auth_info). */
function adminOn(db: DB, assetId: string, adminUserId: string): CredentialRow | undefined {
  const admin = adminCredentials(db, adminUserId);
  return admin && withAssetAuth(admin, latestAuthBook(db, assetId, admin.username));
}

export function resolveTarget(db: DB, asset: AssetRow, login?: LoginAccount): AssetTarget {
  if (!asset.is_active) return { asset, skip: 'disabled' };
  const port = sshPort(asset.protocols);
  if (port === null) return { asset, skip: 'noSsh' };
  const admin = login ?? (asset.admin_user ? adminOn(db, asset.id, asset.admin_user) : undefined);
  if (!admin) return { asset, skip: 'noAdminUser' };
  if (!admin.username) return { asset, skip: login ? 'systemUserNoUsername' : 'adminNoUsername' };
  if (!admin.password && !admin.private_key) return { asset, skip: login ? 'systemUserNoSecret' : 'adminNoSecret' };
  const endpoint: SshEndpoint = { host: asset.ip, port, username: admin.username, ...credentials(admin) };
  const gateway = asset.domain ? activeGateway(db, asset.domain) : undefined;
  return { asset, endpoint, ...(gateway ? { gateway } : {}) };
}

function activeGateway(db: DB, domainId: string): (SshEndpoint & { name: string }) | undefined {
  const row = activeGatewayRow(db, domainId);
  if (row) openColumns(db, 'gateways', row);
  return row
    ? { name: row.name, host: row.ip, port: row.port, username: row.username, ...credentials(row) }
    : undefined;
}

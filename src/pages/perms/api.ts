// The endpoints of the Permissions section (jumpserver-api.md §2.4, §2.5) and the lists they pick from.

export const PERMS = '/api/v1/perms/';
export const ASSET_PERMISSIONS = `${PERMS}asset-permissions/`;
/** `asset-permissions-<kind>-relations/`, rows `{assetpermission, <member>, <member>_display}`. */
export const assetPermissionRelations = (kind: string) => `${PERMS}asset-permissions-${kind}-relations/`;

export const PICK = {
  users: '/api/v1/users/users/',
  groups: '/api/v1/users/groups/',
  assets: '/api/v1/assets/assets/',
  nodes: '/api/v1/assets/nodes/',
  systemUsers: '/api/v1/assets/system-users/',
  remoteApps: '/api/v1/applications/remote-apps/',
  databaseApps: '/api/v1/applications/database-apps/',
  k8sApps: '/api/v1/applications/k8s-apps/',
} as const;

/**
 * A user as 2.3's pickers show one, `name(username)`: the server searches both, and a user found by
 * username must be recognisable (display names alone do not say which account matched, nor tell two
 * people of the same name apart).
 */
export const userText = (row: Record<string, unknown>): string =>
  `${String(row.name ?? '')}(${String(row.username ?? '')})`;

/** The action bit flags of §2.5; the server sends and takes the names. */
export const ACTION_BITS = {
  all: 255,
  connect: 1,
  upload_file: 2,
  download_file: 4,
  updownload: 6,
  clipboard_copy: 8,
  clipboard_paste: 16,
  clipboard_copy_paste: 24,
} as const;

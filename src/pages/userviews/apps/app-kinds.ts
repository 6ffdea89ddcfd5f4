import type { Row } from '../../../core/resource/adapters.ts';
import type { GrantedColumn } from '../GrantedTable.tsx';

// The three kinds of granted apps of jumpserver-api.md §2.5: their "my" endpoint, the columns the
// user page shows (as Lina 2.3.1's userviews/apps), the web terminal's `type` and the empty text.
export type AppKind = 'remote-apps' | 'database-apps' | 'k8s-apps';

export interface AppKindDefinition {
  url: string;
  systemUsersUrl: (id: string) => string;
  lunaType: string;
  columns: GrantedColumn[];
  empty: string;
}

const MY = '/api/v1/perms/users/';
const typeText = (row: Row) => String(row.get_type_display ?? row.type_display ?? row.type ?? '');
const name: GrantedColumn = { prop: 'name', title: 'userviews.columns.name', sortable: true };
const type: GrantedColumn = { prop: 'type', title: 'userviews.columns.type', render: typeText };
// "My" apps span every org: the org tells two apps of the same name apart.
const org: GrantedColumn = { prop: 'org_name', title: 'userviews.columns.org' };
const comment: GrantedColumn = { prop: 'comment', title: 'userviews.columns.comment' };

function kind(path: AppKind, lunaType: string, columns: GrantedColumn[], empty: string): AppKindDefinition {
  return {
    url: `${MY}${path}/`,
    systemUsersUrl: (id) => `${MY}${path}/${encodeURIComponent(id)}/system-users/`,
    lunaType,
    columns,
    empty,
  };
}

export const APP_KINDS: Record<AppKind, AppKindDefinition> = {
  'remote-apps': kind(
    'remote-apps',
    'remote_app',
    [
      name,
      type,
      {
        prop: 'asset',
        title: 'userviews.columns.asset',
        render: (row) => String((row.asset_info as { hostname?: string } | undefined)?.hostname ?? ''),
      },
      org,
      comment,
    ],
    'userviews.empty.remoteApps',
  ),
  'database-apps': kind(
    'database-apps',
    'database_app',
    [
      name,
      type,
      {
        prop: 'host',
        title: 'userviews.columns.host',
        render: (row) => (row.host ? `${String(row.host)}:${String(row.port ?? '')}` : ''),
      },
      { prop: 'database', title: 'userviews.columns.database' },
      org,
      comment,
    ],
    'userviews.empty.databaseApps',
  ),
  'k8s-apps': kind(
    'k8s-apps',
    'k8s_app',
    [name, type, { prop: 'cluster', title: 'userviews.columns.cluster' }, org, comment],
    'userviews.empty.k8sApps',
  ),
};

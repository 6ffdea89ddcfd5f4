import { SlButton } from '../../core/engine/shoelace.ts';
import { useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { MY_ASSETS } from '../userviews/api.ts';
import { APP_KINDS } from '../userviews/apps/app-kinds.ts';
import { GrantedTable, type GrantedColumn } from '../userviews/GrantedTable.tsx';
import type { GrantedAsset } from './api.ts';
import './i18n.ts';

const COLUMNS: GrantedColumn[] = [
  { prop: 'hostname', title: 'userviews.columns.hostname', sortable: true },
  { prop: 'ip', title: 'userviews.columns.ip', sortable: true, width: 140 },
  { prop: 'platform', title: 'userviews.columns.platform', width: 100 },
  { prop: 'org_name', title: 'userviews.columns.org', width: 120 },
  { prop: 'comment', title: 'userviews.columns.comment' },
];

const DATABASES = APP_KINDS['database-apps'];

interface Props {
  onPick: (asset: GrantedAsset) => void;
  /** A granted database app: its SQL session. */
  onPickDatabase: (appId: string) => void;
}

/** Without `login_to`: the user's granted assets and database apps (searchable, paged) to pick one from. */
export function AssetPicker({ onPick, onPickDatabase }: Props) {
  const t = useT();
  const actions = (row: Row) => (
    <SlButton size="small" variant="primary" className="connect" onClick={() => onPick(row as unknown as GrantedAsset)}>
      {t('webterm.assets.connect')}
    </SlButton>
  );
  const databaseActions = (row: Row) => (
    <SlButton size="small" variant="primary" className="connect" onClick={() => onPickDatabase(String(row.id))}>
      {t('webterm.assets.connect')}
    </SlButton>
  );
  return (
    <div className="webterm-picker engine-page list-page">
      <section className="card asset-picker">
        <h2>{t('webterm.assets.heading')}</h2>
        <GrantedTable
          url={MY_ASSETS}
          columns={COLUMNS}
          actions={actions}
          empty="webterm.assets.empty"
          label={t('webterm.assets.heading')}
        />
      </section>
      <section className="card database-picker">
        <h2>{t('webterm.databases.heading')}</h2>
        <GrantedTable
          url={DATABASES.url}
          columns={DATABASES.columns}
          actions={databaseActions}
          empty={DATABASES.empty}
          label={t('webterm.databases.heading')}
        />
      </section>
    </div>
  );
}

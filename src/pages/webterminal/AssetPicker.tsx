import { SlButton } from '../../core/engine/shoelace.ts'
import { useT } from '../../core/i18n/index.ts'
import type { Row } from '../../core/resource/adapters.ts'
import { MY_ASSETS } from '../userviews/api.ts'
import { GrantedTable, type GrantedColumn } from '../userviews/GrantedTable.tsx'
import type { GrantedAsset } from './api.ts'
import './i18n.ts'

const COLUMNS: GrantedColumn[] = [
  { prop: 'hostname', title: 'userviews.columns.hostname', sortable: true },
  { prop: 'ip', title: 'userviews.columns.ip', sortable: true, width: 140 },
  { prop: 'platform', title: 'userviews.columns.platform', width: 100 },
  { prop: 'org_name', title: 'userviews.columns.org', width: 120 },
  { prop: 'comment', title: 'userviews.columns.comment' },
]

/** Without `login_to`: the user's granted assets (searchable, paged) to pick one from. */
export function AssetPicker({ onPick }: { onPick: (asset: GrantedAsset) => void }) {
  const t = useT()
  const actions = (row: Row) => (
    <SlButton size="small" variant="primary" className="connect" onClick={() => onPick(row as unknown as GrantedAsset)}>
      {t('webterm.assets.connect')}
    </SlButton>
  )
  return (
    <div className="webterm-picker engine-page list-page">
      <section className="card asset-picker">
        <h2>{t('webterm.assets.heading')}</h2>
        <GrantedTable url={MY_ASSETS} columns={COLUMNS} actions={actions} empty="webterm.assets.empty" />
      </section>
    </div>
  )
}

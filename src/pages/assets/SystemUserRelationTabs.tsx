import { RelationCard } from '../../core/engine/detail/RelationCard.tsx'
import type { Row } from '../../core/resource/adapters.ts'
import type { DetailTab } from '../../core/resource/define.ts'
import { systemUserAssets, systemUserNodes, systemUserUsers } from './system-user-relations.ts'

type TabProps = { object: Row; reload: () => void }

// The relation card of the detail engine, one per tab: pick several (remote select, 10 a page), add, remove per row.
const AssetsTab = ({ object, reload }: TabProps) => <RelationCard relation={systemUserAssets} object={object} reload={reload} />
const NodesTab = ({ object, reload }: TabProps) => <RelationCard relation={systemUserNodes} object={object} reload={reload} />
const UsersTab = ({ object, reload }: TabProps) => <RelationCard relation={systemUserUsers} object={object} reload={reload} />

export const systemUserRelationTabs: DetailTab[] = [
  { name: 'assets', title: 'assets.systemUserTabs.assets', component: AssetsTab },
  { name: 'nodes', title: 'assets.systemUserTabs.nodes', component: NodesTab },
  { name: 'users', title: 'assets.systemUserTabs.users', component: UsersTab },
]

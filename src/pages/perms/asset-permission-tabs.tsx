import { useMemo } from 'react'
import { RelationCard } from '../../core/engine/detail/RelationCard.tsx'
import { throughRelation } from '../../core/engine/detail/through-relation.ts'
import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx'
import type { Row } from '../../core/resource/adapters.ts'
import { defineResource, type DetailTab, type RelationDefinition } from '../../core/resource/define.ts'
import { ASSET_PERMISSIONS, assetPermissionRelations, PICK } from './api.ts'
import { lazyLabel } from './labels.ts'
import { readOnlyList } from './permission-common.tsx'

// The tabs of an asset permission's detail page (as 2.3's): relation cards over the five
// `asset-permissions-*-relations/` endpoints, and the computed "all users" / "all assets" lists.

type TabProps = { object: Row; reload: () => void }

const card = (title: string, kind: string, member: string, selectUrl: string, selectLabel?: string): RelationDefinition =>
  throughRelation({ title, url: assetPermissionRelations(kind), owner: 'assetpermission', member, selectUrl, selectLabel })

export const PERMISSION_CARDS = {
  users: card('perms.relation.users', 'users', 'user', PICK.users),
  groups: card('perms.relation.userGroups', 'user-groups', 'usergroup', PICK.groups),
  assets: card('perms.relation.assets', 'assets', 'asset', PICK.assets, 'hostname'),
  nodes: card('perms.relation.nodes', 'nodes', 'node', PICK.nodes, 'full_value'),
  systemUsers: card('perms.relation.systemUsers', 'system-users', 'systemuser', PICK.systemUsers),
}

const cards = (...relations: RelationDefinition[]) => ({ object, reload }: TabProps) => (
  <div className="relation-cards">
    {relations.map((relation) => <RelationCard key={relation.title} relation={relation} object={object} reload={reload} />)}
  </div>
)

/** `<permission>/<what>/all/`: rows `{<key>, <key>_display}` computed by the server (direct + inherited). */
function allOf(what: 'users' | 'assets', key: string, title: string) {
  const AllList = ({ object }: TabProps) => {
    const resource = useMemo(() => defineResource({
      name: `AssetPermissionAll_${what}`, url: `${ASSET_PERMISSIONS}${String(object.id)}/${what}/all/`, path: '', routes: ['list'],
      list: readOnlyList([`${key}_display`], { [`${key}_display`]: lazyLabel(title) }),
    }), [object.id])
    return <EmbeddedList resource={resource} />
  }
  return AllList
}

export const assetPermissionTabs: DetailTab[] = [
  { name: 'users', title: 'perms.tabs.users', component: cards(PERMISSION_CARDS.users, PERMISSION_CARDS.groups) },
  { name: 'assets', title: 'perms.tabs.assets', component: cards(PERMISSION_CARDS.assets, PERMISSION_CARDS.nodes) },
  { name: 'systemUsers', title: 'perms.tabs.systemUsers', component: cards(PERMISSION_CARDS.systemUsers) },
  { name: 'allUsers', title: 'perms.tabs.allUsers', component: allOf('users', 'user', 'perms.column.user') },
  { name: 'allAssets', title: 'perms.tabs.allAssets', component: allOf('assets', 'asset', 'perms.column.asset') },
]

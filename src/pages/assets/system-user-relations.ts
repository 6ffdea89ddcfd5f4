import { http } from '../../core/http.ts'
import type { Row } from '../../core/resource/adapters.ts'
import type { RelationDefinition, RelationMember } from '../../core/resource/define.ts'
import { API } from './field-helpers.ts'
import './system-user-i18n.ts'

// A system user's linked assets and nodes through the relation endpoints (jumpserver-api.md §2.3):
// bulk POST of `[{systemuser, <kind>}]`, DELETE `?systemuser=&<kind>=` (a narrowing filter).

type Kind = 'asset' | 'node'

const RELATIONS_URL: Record<Kind, string> = {
  asset: '/api/v1/assets/system-users-assets-relations/',
  node: '/api/v1/assets/system-users-nodes-relations/',
}

async function linked(kind: Kind, systemUser: Row): Promise<Row[]> {
  const body = await http.get<Row[] | { results: Row[] }>(RELATIONS_URL[kind], { params: { systemuser: systemUser.id } })
  return Array.isArray(body) ? body : body.results
}

/** Members are the linked objects (not the link rows), so removing one names it in the filter. */
const members = (kind: Kind) => async (systemUser: Row): Promise<RelationMember[]> =>
  (await linked(kind, systemUser)).map((link) => ({ id: String(link[kind]), name: String(link[`${kind}_display`] ?? link[kind]) }))

/** Links the picked objects in one bulk POST, leaving out those already linked (the server refuses a pair twice). */
const add = (kind: Kind) => async (systemUser: Row, ids: string[]) => {
  const present = new Set((await linked(kind, systemUser)).map((link) => String(link[kind])))
  const fresh = ids.filter((id) => !present.has(id))
  if (fresh.length) await http.post(RELATIONS_URL[kind], fresh.map((id) => ({ systemuser: String(systemUser.id), [kind]: id })))
}

const remove = (kind: Kind) => (systemUser: Row, id: string) =>
  http.delete(RELATIONS_URL[kind], { params: { systemuser: systemUser.id, [kind]: id } })

export const systemUserAssets: RelationDefinition = {
  title: 'assets.systemUserTabs.assets', selectUrl: API.assets, selectLabel: 'hostname',
  members: members('asset'), add: add('asset'), remove: remove('asset'),
}

export const systemUserNodes: RelationDefinition = {
  title: 'assets.systemUserTabs.nodes', selectUrl: API.nodes, selectLabel: 'full_value',
  members: members('node'), add: add('node'), remove: remove('node'),
}

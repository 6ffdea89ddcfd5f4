import { PERM } from '../../core/permissions.ts'
import type { Row } from '../../core/resource/adapters.ts'
import { defineResource } from '../../core/resource/define.ts'
import { API } from './field-helpers.ts'

// Super admin only (ROUTES.md: SUPER on the parent and on Update); internal platforms answer 403 to
// a change or a delete, so neither is offered for them.
const notInternal = (row: Row) => !row.internal

export const platforms = defineResource({
  name: 'Platform', url: API.platforms, path: '/assets/platforms', icon: 'laptop', perm: [PERM.SUPER],
  can: { update: notInternal, delete: notInternal },
  list: { columns: ['name', 'base', 'charset', 'internal', 'comment', 'actions'] },
  form: { fields: ['name', 'base', 'charset', 'comment'], initial: { base: 'Linux', charset: 'utf8' } },
  detail: { fields: ['name', 'base', 'charset', 'internal', 'comment'] },
})

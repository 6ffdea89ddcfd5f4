import { PERM } from '../../core/permissions.ts'
import { defineResource } from '../../core/resource/define.ts'
import { API } from './field-helpers.ts'

// Super admin only (ROUTES.md: SUPER on the parent and on Update); internal platforms answer 403.
export const platforms = defineResource({
  name: 'Platform', url: API.platforms, path: '/assets/platforms', icon: 'laptop', perm: [PERM.SUPER],
  list: { columns: ['name', 'base', 'charset', 'internal', 'comment', 'actions'] },
  form: { fields: ['name', 'base', 'charset', 'comment'], initial: { base: 'Linux', charset: 'utf8' } },
  detail: { fields: ['name', 'base', 'charset', 'internal', 'comment'] },
})

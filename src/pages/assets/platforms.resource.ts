import type { Row } from '../../core/resource/adapters.ts';
import { defineResource } from '../../core/resource/define.ts';
import { PLATFORM_ROUTES } from './section.ts';

// Super admin only (ROUTES.md: SUPER on the parent and on Update); internal platforms answer 403 to
// a change or a delete, so neither is offered for them.
const notInternal = (row: Row) => !row.internal;

export const platforms = defineResource({
  ...PLATFORM_ROUTES,
  can: { update: notInternal, delete: notInternal },
  list: { columns: ['name', 'base', 'charset', 'internal', 'comment', 'actions'] },
  form: { fields: ['name', 'base', 'charset', 'comment'], initial: { base: 'Linux', charset: 'utf8' } },
  detail: { fields: ['name', 'base', 'charset', 'internal', 'comment'] },
});

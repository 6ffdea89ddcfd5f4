import type { Row } from '../../resource/adapters.ts';
import { canDelete, canUpdate } from '../../resource/can.ts';
import type { ResourceDefinition, RowAction } from '../../resource/define.ts';
import { confirmDelete } from '../delete.ts';
import { goTo, rowId } from '../navigate.ts';

export function rowTitle(row: Row): string {
  return String(row.name ?? row.hostname ?? row.username ?? row.id ?? '');
}

/** Update and delete (unless the definition turns them off), then the definition's extras. */
export function rowActionsOf(resource: ResourceDefinition): RowAction[] {
  const { defaultRowActions = {}, rowActions = [] } = resource.list;
  const actions: RowAction[] = [];
  if (defaultRowActions.update !== false) {
    actions.push({
      name: 'update',
      title: 'common.update',
      can: (row) => canUpdate(resource, row),
      onClick: (row) => goTo(resource, 'update', rowId(row)),
    });
  }
  if (defaultRowActions.delete !== false) {
    actions.push({
      name: 'delete',
      title: 'common.delete',
      danger: true,
      can: (row) => canDelete(resource, row),
      onClick: (row, ctx) => confirmDelete(`${resource.url}${rowId(row)}/`, rowTitle(row), ctx.reload),
    });
  }
  return [...actions, ...rowActions];
}

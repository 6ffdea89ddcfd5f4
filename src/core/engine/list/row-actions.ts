import { serverMessage } from '../../http-error.ts'
import { HttpError } from '../../http.ts'
import { t } from '../../i18n/index.ts'
import type { Row } from '../../resource/adapters.ts'
import type { ResourceDefinition, RowAction } from '../../resource/define.ts'
import { confirm, toast } from '../../stores/notify.ts'
import { deleteRow } from '../api.ts'
import { goTo, rowId } from '../navigate.ts'

/** The reason a failed call gives: the body's msg/error/detail, else the error's own text. */
export function failureReason(error: unknown): string {
  if (error instanceof HttpError) return serverMessage(error.data) ?? error.message
  return error instanceof Error ? error.message : String(error)
}

export function rowTitle(row: Row): string {
  return String(row.name ?? row.hostname ?? row.username ?? row.id ?? '')
}

/** Confirms, deletes, then says 'Delete success' or 'Delete failed' + reason (the body's msg alone when it has one). */
export async function confirmDeleteRow(url: string, row: Row, reload: () => void): Promise<void> {
  const ok = await confirm({ title: t('common.tips'), message: t('message.deleteConfirm', { name: rowTitle(row) }), type: 'warning' })
  if (!ok) return
  try {
    await deleteRow(url, rowId(row))
    toast.success(t('message.deleteSuccess'))
    reload()
  } catch (error) {
    const msg = error instanceof HttpError ? (error.data as { msg?: unknown } | undefined)?.msg : undefined
    toast.error(typeof msg === 'string' && msg ? msg : `${t('message.deleteFailed')} ${failureReason(error)}`)
  }
}

/** Update and delete (unless the definition turns them off), then the definition's extras. */
export function rowActionsOf(resource: ResourceDefinition): RowAction[] {
  const { defaultRowActions = {}, rowActions = [] } = resource.list
  const actions: RowAction[] = []
  if (defaultRowActions.update !== false) {
    actions.push({
      name: 'update', title: 'common.update', can: (row) => row.can_update !== false,
      onClick: (row) => goTo(resource, 'update', rowId(row)),
    })
  }
  if (defaultRowActions.delete !== false) {
    actions.push({
      name: 'delete', title: 'common.delete', danger: true, can: (row) => row.can_delete !== false,
      onClick: (row, ctx) => confirmDeleteRow(resource.url, row, ctx.reload),
    })
  }
  return [...actions, ...rowActions]
}

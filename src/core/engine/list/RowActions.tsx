import '../i18n.ts'
import { useT } from '../../i18n/index.ts'
import type { Row } from '../../resource/adapters.ts'
import type { ActionContext, RowAction } from '../../resource/define.ts'
import { SlButton, SlDropdown, SlMenu, SlMenuItem } from '../shoelace.ts'

/** Spec §9: up to 2 actions inline; with more, the first inline and the rest under More. */
export const INLINE_ACTIONS = 2

export function splitActions<T>(actions: T[]): { inline: T[]; more: T[] } {
  if (actions.length <= INLINE_ACTIONS) return { inline: actions, more: [] }
  return { inline: actions.slice(0, 1), more: actions.slice(1) }
}

export function RowActions({ row, actions, ctx }: { row: Row; actions: RowAction[]; ctx: ActionContext }) {
  const t = useT()
  const { inline, more } = splitActions(actions)
  const run = (action: RowAction) => void action.onClick(row, ctx)
  const enabled = (action: RowAction) => action.can?.(row) ?? true
  return (
    <span className="row-actions">
      {inline.map((action) => (
        <SlButton key={action.name} size="small" className={`action-${action.name}`}
          variant={action.danger ? 'danger' : 'default'} disabled={!enabled(action)} onClick={() => run(action)}>
          {t(action.title)}
        </SlButton>
      ))}
      {more.length > 0 && (
        <SlDropdown className="more-actions" hoist>
          <SlButton slot="trigger" size="small" caret>{t('common.more')}</SlButton>
          <SlMenu>
            {more.map((action) => (
              <SlMenuItem key={action.name} className={`action-${action.name}`} disabled={!enabled(action)}
                onClick={() => enabled(action) && run(action)}>
                {t(action.title)}
              </SlMenuItem>
            ))}
          </SlMenu>
        </SlDropdown>
      )}
    </span>
  )
}

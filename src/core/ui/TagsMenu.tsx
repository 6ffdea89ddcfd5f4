import { useT } from '../i18n/index.ts'
import type { TagView } from '../stores/tags.ts'
import { useTagActions } from './tag-actions.ts'

export interface MenuPosition {
  left: number
  top: number
}

/** The right-click menu of a tab (spec §2; its width is TAGS_MENU_WIDTH, set in styles.ts). */
export function TagsMenu({ view, at, onDone }: { view: TagView; at: MenuPosition; onDone: () => void }) {
  const t = useT()
  const actions = useTagActions()
  const item = (key: string, label: string, run: () => void) => (
    <li
      key={key}
      data-action={key}
      onClick={() => {
        run()
        onDone()
      }}
    >
      {label}
    </li>
  )
  return (
    <ul className="tags-menu" style={{ left: at.left, top: at.top }} role="menu">
      {item('refresh', t('common.refresh'), () => actions.refresh(view))}
      {!view.meta.affix && item('close', t('common.close'), () => actions.close(view))}
      {item('closeOthers', t('common.closeOthers'), () => actions.closeOthers(view))}
      {item('closeAll', t('common.closeAll'), () => actions.closeAll(view))}
    </ul>
  )
}

import '../i18n.ts'
import { useT } from '../../i18n/index.ts'
import type { HeaderAction } from '../../resource/define.ts'
import { MenuButton } from '../../ui/MenuButton.tsx'
import { SlButton, SlIcon } from '../shoelace.ts'

export interface HeaderActionsProps {
  onCreate?: () => void
  /** The More actions menu (bulk delete, bulk update, the definition's extras). */
  more: HeaderAction[]
  onExport?: () => void
  onImport?: () => void
  run: (action: HeaderAction) => void
}

export function HeaderActions({ onCreate, more, onExport, onImport, run }: HeaderActionsProps) {
  const t = useT()
  return (
    <span className="header-actions">
      {onCreate && (
        <SlButton variant="primary" size="small" className="create" onClick={onCreate}>
          <SlIcon slot="prefix" name="plus-lg" />
          {t('common.create')}
        </SlButton>
      )}
      {more.length > 0 && (
        <MenuButton className="more-actions" size="small" label={t('engine.list.moreActions')}
          items={more.map((action) => ({ value: action.name, label: t(action.title), className: `action-${action.name}` }))}
          onSelect={(name) => { const action = more.find((a) => a.name === name); if (action) run(action) }} />
      )}
      {onExport && (
        <SlButton size="small" className="export" onClick={onExport}>
          <SlIcon slot="prefix" name="download" />
          {t('engine.list.export')}
        </SlButton>
      )}
      {onImport && (
        <SlButton size="small" className="import" onClick={onImport}>
          <SlIcon slot="prefix" name="upload" />
          {t('engine.list.import')}
        </SlButton>
      )}
    </span>
  )
}

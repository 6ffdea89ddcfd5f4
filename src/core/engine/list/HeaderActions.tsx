import '../i18n.ts';
import { useT } from '../../i18n/index.ts';
import type { HeaderAction } from '../../resource/define.ts';
import { MenuButton } from '../../ui/MenuButton.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Button } from '../../ui/Button.tsx';

export interface HeaderActionsProps {
  onCreate?: () => void;
  /** The More actions menu (bulk delete, bulk update, the definition's extras). */
  more: HeaderAction[];
  onExport?: () => void;
  onImport?: () => void;
  run: (action: HeaderAction) => void;
}

export function HeaderActions({ onCreate, more, onExport, onImport, run }: HeaderActionsProps) {
  const t = useT();
  return (
    <span className="header-actions">
      {onCreate && (
        <Button variant="primary" size="small" className="create" onClick={onCreate}>
          <Icon name="plus-lg" />
          {t('common.create')}
        </Button>
      )}
      {more.length > 0 && (
        <MenuButton
          className="more-actions"
          size="small"
          label={t('engine.list.moreActions')}
          items={more.map((action) => ({
            value: action.name,
            label: t(action.title),
            className: `action-${action.name}`,
          }))}
          onSelect={(name) => {
            const action = more.find((a) => a.name === name);
            if (action) run(action);
          }}
        />
      )}
      {onExport && (
        <Button size="small" className="export" onClick={onExport}>
          <Icon name="download" />
          {t('engine.list.export')}
        </Button>
      )}
      {onImport && (
        <Button size="small" className="import" onClick={onImport}>
          <Icon name="upload" />
          {t('engine.list.import')}
        </Button>
      )}
    </span>
  );
}

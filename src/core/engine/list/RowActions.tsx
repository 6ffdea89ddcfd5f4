import '../i18n.ts';
import { useT } from '../../i18n/index.ts';
import type { Row } from '../../resource/adapters.ts';
import type { ActionContext, RowAction } from '../../resource/define.ts';
import { MenuButton } from '../../ui/MenuButton.tsx';
import { Button } from '../../ui/Button.tsx';

/** Spec §9: up to 2 actions inline; with more, the first inline and the rest under More. */
export const INLINE_ACTIONS = 2;

export function splitActions<T>(actions: T[]): { inline: T[]; more: T[] } {
  if (actions.length <= INLINE_ACTIONS) return { inline: actions, more: [] };
  return { inline: actions.slice(0, 1), more: actions.slice(1) };
}

export function RowActions({ row, actions, ctx }: { row: Row; actions: RowAction[]; ctx: ActionContext }) {
  const t = useT();
  const { inline, more } = splitActions(actions);
  const run = (action: RowAction) => void action.onClick(row, ctx);
  const enabled = (action: RowAction) => action.can?.(row) ?? true;
  return (
    <span className="row-actions">
      {inline.map((action) => (
        <Button
          key={action.name}
          size="small"
          className={`action-${action.name}`}
          variant={action.danger ? 'danger' : 'default'}
          disabled={!enabled(action)}
          onClick={() => run(action)}
        >
          {t(action.title)}
        </Button>
      ))}
      {more.length > 0 && (
        <MenuButton
          className="more-actions"
          size="small"
          label={t('common.more')}
          items={more.map((action) => ({
            value: action.name,
            label: t(action.title),
            className: `action-${action.name}`,
            disabled: !enabled(action),
          }))}
          onSelect={(name) => {
            const action = more.find((a) => a.name === name);
            if (action) run(action);
          }}
        />
      )}
    </span>
  );
}

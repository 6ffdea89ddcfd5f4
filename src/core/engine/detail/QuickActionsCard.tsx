import '../i18n.ts';
import { useT } from '../../i18n/index.ts';
import type { QuickAction } from '../../resource/define.ts';
import { SlSwitch } from '../../ui/shoelace-inputs.ts';
import { SlButton } from '../shoelace.ts';

/** Switches and buttons that act on the object at once; the definition's callbacks say the result. */
export function QuickActionsCard({ actions }: { actions: QuickAction[] }) {
  const t = useT();
  if (actions.length === 0) return null;
  return (
    <div className="card quick-actions">
      <h3>{t('engine.detail.quickActions')}</h3>
      <div className="body">
        {actions.map((action) => (
          <div key={action.title} className="quick-action">
            <span>{t(action.title)}</span>
            {action.kind === 'switch' ? (
              <SlSwitch
                checked={Boolean(action.checked)}
                disabled={action.disabled}
                onSlChange={(e) => void action.onChange((e.target as unknown as { checked: boolean }).checked)}
              >
                <span className="sr-only">{t(action.title)}</span>
              </SlSwitch>
            ) : (
              <SlButton size="small" disabled={action.disabled} onClick={() => void action.onChange(true)}>
                {t(action.button ?? action.title)}
              </SlButton>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

import { BitsCheckboxes } from '../../core/engine/form/BitsCheckboxes.tsx';
import { RemoteSelect } from '../../core/engine/form/RemoteSelect.tsx';
import { useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { ACTION_BITS, userText } from '../perms/api.ts';
import '../perms/i18n.ts';
import { pickUrl } from './api.ts';
import './i18n.ts';

export interface Confirmation {
  assets: string[];
  systemUser: string;
  actions: string[];
}

/** Where an assignee's review starts: the server's suggestions (or what was confirmed), the system user, the actions asked. */
export function startingConfirmation(ticket: Row): Confirmation {
  return {
    assets: Array.isArray(ticket.confirmed_assets) ? ticket.confirmed_assets.map(String) : [],
    systemUser: String(ticket.confirmed_system_user ?? ''),
    actions: Array.isArray(ticket.actions) ? ticket.actions.map(String) : ['connect'],
  };
}

/**
 * The assignee's part of an open request (2.3's Actions box): the assets to grant, searched in the
 * ticket's org (its `assets_waitlist_url`), the system user, and the actions; the Accept button sends them.
 */
export function RequestReview({
  ticket,
  value,
  onChange,
}: {
  ticket: Row;
  value: Confirmation;
  onChange: (next: Confirmation) => void;
}) {
  const t = useT();
  const assetsUrl = pickUrl(ticket.assets_waitlist_url);
  const systemUsersUrl = pickUrl(ticket.system_user_waitlist_url);
  if (!assetsUrl || !systemUsersUrl) return null;
  const options = Object.keys(ACTION_BITS).map((name) => ({ value: name, display_name: t(`perms.actions.${name}`) }));
  return (
    <div className="card ticket-review">
      <h3>{t('tickets.act.title')}</h3>
      <div className="body">
        <div className="review-item" data-field="confirmed_assets">
          <label>{t('tickets.act.assets')}</label>
          <RemoteSelect
            remote={{ url: assetsUrl, labelPath: 'hostname' }}
            value={value.assets}
            multiple
            label={t('tickets.act.assets')}
            onChange={(assets) => onChange({ ...value, assets: Array.isArray(assets) ? assets.map(String) : [] })}
          />
        </div>
        <div className="review-item" data-field="confirmed_system_user">
          <label>{t('tickets.act.systemUser')}</label>
          <RemoteSelect
            remote={{ url: systemUsersUrl, label: userText }}
            value={value.systemUser || null}
            label={t('tickets.act.systemUser')}
            onChange={(systemUser) => onChange({ ...value, systemUser: systemUser == null ? '' : String(systemUser) })}
          />
        </div>
        <div className="review-item" data-field="actions">
          <label>{t('tickets.field.actions')}</label>
          <BitsCheckboxes
            name="actions"
            label={t('tickets.field.actions')}
            options={options}
            bits={ACTION_BITS}
            value={value.actions}
            onChange={(actions) => onChange({ ...value, actions })}
          />
        </div>
      </div>
    </div>
  );
}

import { SlButton } from '../../core/engine/shoelace.ts';
import { useT } from '../../core/i18n/index.ts';
import type { GrantedSystemUser } from '../userviews/api.ts';
import type { ConnectTarget } from './api.ts';
import './i18n.ts';

interface Props {
  asset: ConnectTarget;
  systemUsers: GrantedSystemUser[];
  onPick: (systemUser: GrantedSystemUser) => void;
  onOther: () => void;
}

/** The asset's (or database app's) granted system users that can open a terminal, one Connect button each. */
export function SystemUserPicker({ asset, systemUsers, onPick, onOther }: Props) {
  const t = useT();
  return (
    <div className="webterm-picker">
      <section className="card system-user-picker">
        <h2>{t('webterm.systemUsers.heading', { hostname: asset.hostname })}</h2>
        <p className="asset-line">
          {asset.hostname} ({asset.ip})
        </p>
        {systemUsers.length === 0 ? (
          <p className="message none" role="status">
            {t('webterm.systemUsers.none')}
          </p>
        ) : (
          <ul className="system-user-list">
            {systemUsers.map((user) => (
              <li key={user.id} data-id={user.id}>
                <span className="name">{user.name}</span>
                <span className="username">{user.username ?? ''}</span>
                <SlButton size="small" variant="primary" className="connect" onClick={() => onPick(user)}>
                  {t('webterm.systemUsers.connect')}
                </SlButton>
              </li>
            ))}
          </ul>
        )}
        <SlButton size="small" className="other" onClick={onOther}>
          {t('webterm.asset.choose')}
        </SlButton>
      </section>
    </div>
  );
}

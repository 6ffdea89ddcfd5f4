import { useEffect, useState } from 'react';
import { useT } from '../../core/i18n/index.ts';
import type { GrantedSystemUser } from '../userviews/api.ts';
import { loadDatabaseSystemUsers, loadGrantedDatabaseApp, type ConnectTarget } from './api.ts';
import { SystemUserPicker } from './SystemUserPicker.tsx';
import { TerminalScreen } from './TerminalScreen.tsx';
import './i18n.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'choose'; app: ConnectTarget; systemUsers: GrantedSystemUser[] }
  | { kind: 'connect'; app: ConnectTarget; systemUser: GrantedSystemUser };

const goToMyApps = () => {
  window.location.href = '/ui/#/apps/database';
};

/** My apps → Connect on a database app: the app if granted, its system user (asked only when there is a choice), the SQL session. */
export function DatabaseConnect({ appId, userId }: { appId: string; userId: string }) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      const app = await loadGrantedDatabaseApp(appId).catch(() => null);
      const systemUsers = app ? await loadDatabaseSystemUsers(app.id).catch(() => []) : [];
      if (!live) return;
      if (!app) return setState({ kind: 'missing' });
      setState(
        systemUsers.length === 1
          ? { kind: 'connect', app, systemUser: systemUsers[0] }
          : { kind: 'choose', app, systemUsers },
      );
    })();
    return () => {
      live = false;
    };
  }, [appId]);

  useEffect(() => {
    if ((state.kind === 'choose' || state.kind === 'connect') && window.location.pathname.startsWith('/luna'))
      document.title = `${state.app.hostname} - ${t('webterm.title')}`;
  }, [state, t]);

  if (state.kind === 'loading')
    return (
      <div className="webterm-picker">
        <p className="card loading">{t('webterm.loading')}</p>
      </div>
    );
  if (state.kind === 'missing')
    return (
      <div className="webterm-picker">
        <p className="card message missing" role="alert">
          {t('webterm.app.notGranted')}
        </p>
      </div>
    );
  if (state.kind === 'choose') {
    if (!state.systemUsers.length)
      return (
        <div className="webterm-picker">
          <p className="card message none" role="alert">
            {t('webterm.app.noSystemUser')}
          </p>
        </div>
      );
    return (
      <SystemUserPicker
        asset={state.app}
        systemUsers={state.systemUsers}
        onOther={goToMyApps}
        onPick={(systemUser) => setState({ kind: 'connect', app: state.app, systemUser })}
      />
    );
  }
  return <TerminalScreen userId={userId} asset={state.app} systemUser={state.systemUser} onOther={goToMyApps} />;
}

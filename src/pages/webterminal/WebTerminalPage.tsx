import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { useT } from '../../core/i18n/index.ts';
import { $profile } from '../../core/stores/session.ts';
import { AssetConnect } from './AssetConnect.tsx';
import { AssetPicker } from './AssetPicker.tsx';
import { DatabaseConnect } from './DatabaseConnect.tsx';
import { WEB_TERMINAL_CSS } from './styles.ts';
import './i18n.ts';

export interface WebTerminalPageProps {
  /** The asset to open (`/luna/?login_to=<id>`); without it the user picks one. */
  loginTo?: string;
  /** `type` of the user page's app Connect (`/luna/?type=database_app&login_to=<app>`): database apps open SQL sessions. */
  appType?: string;
}

/** The web terminal (`/luna/`) for the signed-in user: pick a granted asset and system user, then the terminal. */
export function WebTerminalPage({ loginTo, appType }: WebTerminalPageProps) {
  const t = useT();
  const profile = useStore($profile);
  const [assetId, setAssetId] = useState(loginTo || undefined);
  // A database app picked from the list (My apps → Connect names one with `type`).
  const [databaseId, setDatabaseId] = useState<string | undefined>(undefined);
  useEffect(() => setAssetId(loginTo || undefined), [loginTo]);

  let body;
  const database = appType === 'database_app' || appType === 'mysql';
  if (appType && appType !== 'asset' && !database) {
    // Remote apps need a Windows host and a graphical terminal, Kubernetes apps a cluster: not this terminal's.
    const key =
      appType === 'k8s_app'
        ? 'webterm.app.k8s'
        : appType === 'remote_app'
          ? 'webterm.app.remote'
          : 'webterm.app.unsupported';
    body = (
      <div className="webterm-picker">
        <p className="card message" role="alert">
          {t(key)}
        </p>
      </div>
    );
  } else if (!profile) body = null;
  else if (databaseId) body = <DatabaseConnect key={databaseId} appId={databaseId} userId={profile.id} />;
  else if (database)
    body = loginTo ? (
      <DatabaseConnect key={loginTo} appId={loginTo} userId={profile.id} />
    ) : (
      <div className="webterm-picker">
        <p className="card message" role="alert">
          {t('webterm.app.missing')}
        </p>
      </div>
    );
  else if (!assetId) body = <AssetPicker onPick={(asset) => setAssetId(asset.id)} onPickDatabase={setDatabaseId} />;
  else
    body = <AssetConnect key={assetId} assetId={assetId} userId={profile.id} onOther={() => setAssetId(undefined)} />;

  return (
    <div className="webterm">
      <EngineStyle />
      <style>{WEB_TERMINAL_CSS}</style>
      {body}
    </div>
  );
}

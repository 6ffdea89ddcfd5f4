import { useEffect, useState } from 'react';
import { SlButton } from '../../core/engine/shoelace.ts';
import { useT } from '../../core/i18n/index.ts';
import type { GrantedSystemUser } from '../userviews/api.ts';
import { loadGrantedAsset, loadTerminalSystemUsers, type GrantedAsset } from './api.ts';
import { SystemUserPicker } from './SystemUserPicker.tsx';
import { TerminalScreen } from './TerminalScreen.tsx';
import './i18n.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'choose'; asset: GrantedAsset; systemUsers: GrantedSystemUser[] }
  | { kind: 'connect'; asset: GrantedAsset; systemUser: GrantedSystemUser };

/** `login_to=<asset>`: the asset if granted, its system user (asked only when there is a choice), the terminal. */
export function AssetConnect({ assetId, userId, onOther }: { assetId: string; userId: string; onOther: () => void }) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      const asset = await loadGrantedAsset(assetId).catch(() => null);
      const systemUsers = asset ? await loadTerminalSystemUsers(asset.id).catch(() => []) : [];
      if (!live) return;
      if (!asset) return setState({ kind: 'missing' });
      setState(
        systemUsers.length === 1
          ? { kind: 'connect', asset, systemUser: systemUsers[0] }
          : { kind: 'choose', asset, systemUsers },
      );
    })();
    return () => {
      live = false;
    };
  }, [assetId]);

  useEffect(() => {
    if (state.kind !== 'choose' && state.kind !== 'connect') return;
    // The page is the terminal's window: its tab names the asset, as Luna's does.
    if (window.location.pathname.startsWith('/luna'))
      document.title = `${state.asset.hostname} - ${t('webterm.title')}`;
  }, [state, t]);

  if (state.kind === 'loading')
    return (
      <div className="webterm-picker">
        <p className="card loading">{t('webterm.loading')}</p>
      </div>
    );
  if (state.kind === 'missing') {
    return (
      <div className="webterm-picker">
        <section className="card">
          <p className="message missing" role="alert">
            {t('webterm.asset.notGranted')}
          </p>
          <SlButton size="small" className="other" onClick={onOther}>
            {t('webterm.asset.choose')}
          </SlButton>
        </section>
      </div>
    );
  }
  if (state.kind === 'choose') {
    return (
      <SystemUserPicker
        asset={state.asset}
        systemUsers={state.systemUsers}
        onOther={onOther}
        onPick={(systemUser) => setState({ kind: 'connect', asset: state.asset, systemUser })}
      />
    );
  }
  return <TerminalScreen userId={userId} asset={state.asset} systemUser={state.systemUser} onOther={onOther} />;
}

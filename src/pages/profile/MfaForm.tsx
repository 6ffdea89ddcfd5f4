import { useStore } from '@nanostores/react';
import { useT } from '../../core/i18n/index.ts';
import { $profile } from '../../core/stores/session.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import { openMfaPage } from './mfa-pages.ts';

/**
 * MFA state and its actions (Lina's profile "Set MFA" / "Update MFA"): enabling binds an authenticator on
 * the server's pages (password, QR code, a code); disabling and changing it ask a code of the current one.
 * A level forced by the server (or SECURITY_MFA_AUTH) cannot be disabled.
 */
export function MfaForm() {
  const t = useT();
  const profile = useStore($profile);
  const enabled = profile?.mfa_enabled === true;
  const forced = profile?.mfa_force_enabled === true;
  const state = forced ? 'forced' : enabled ? 'enabled' : 'disabled';

  return (
    <div className="form mfa-form">
      <p className="mfa-state" data-state={state}>
        {t('profile.mfa.level')}: <strong>{t(`profile.mfa.state.${state}`)}</strong>
      </p>
      <p className="help">{t(enabled ? 'profile.mfa.helpEnabled' : 'profile.mfa.helpDisabled')}</p>
      <div className="actions">
        {!enabled && (
          <SlButton variant="primary" data-action="enable" onClick={() => openMfaPage('enable')}>
            {t('profile.mfa.enable')}
          </SlButton>
        )}
        {enabled && (
          <SlButton data-action="update" onClick={() => openMfaPage('update')}>
            {t('profile.mfa.update')}
          </SlButton>
        )}
        {enabled && !forced && (
          <SlButton variant="danger" data-action="disable" onClick={() => openMfaPage('disable')}>
            {t('profile.mfa.disable')}
          </SlButton>
        )}
      </div>
    </div>
  );
}

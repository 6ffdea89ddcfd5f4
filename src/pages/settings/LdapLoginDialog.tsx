import { useState } from 'react';
import { useT } from '../../core/i18n/index.ts';
import { toast } from '../../core/stores/notify.ts';
import { SlButton, SlDialog } from '../../core/ui/shoelace.ts';
import { SlInput } from '../../core/ui/shoelace-inputs.ts';
import './i18n.ts';
import { testLdapLogin } from './ldap-api.ts';

/** "Test LDAP user login": a directory user's name and password, checked against the saved configuration. */
export function LdapLoginDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setTesting(true);
    setResult(null);
    const answer = await testLdapLogin(username.trim(), password);
    setResult(answer);
    if (answer.ok) toast.success(answer.text);
    setTesting(false);
  };
  const valueOf = (event: Event) => (event.target as HTMLInputElement).value;
  return (
    <SlDialog
      open
      label={t('settings.ldap.loginTitle')}
      className="engine-dialog ldap-login-dialog"
      onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}
    >
      <p className="hint">{t('settings.ldap.loginTip')}</p>
      <SlInput
        className="ldap-username"
        label={t('settings.ldap.username')}
        placeholder={t('settings.ldap.usernamePlaceholder')}
        autocomplete="off"
        value={username}
        onSlInput={(e) => setUsername(valueOf(e))}
      />
      <SlInput
        className="ldap-password"
        type="password"
        label={t('settings.ldap.password')}
        placeholder={t('settings.ldap.passwordPlaceholder')}
        autocomplete="off"
        value={password}
        onSlInput={(e) => setPassword(valueOf(e))}
      />
      {result && (
        <div className={`ldap-login-result ${result.ok ? 'ok' : 'failed'}`} role="status">
          {result.text}
        </div>
      )}
      <SlButton slot="footer" onClick={onClose}>
        {t('common.cancel')}
      </SlButton>
      <SlButton
        slot="footer"
        variant="primary"
        className="confirm"
        loading={testing}
        disabled={!username || !password}
        onClick={() => void run()}
      >
        {t('common.confirm')}
      </SlButton>
    </SlDialog>
  );
}

import { useState } from 'react';
import type { Values } from '../../core/engine/form/validate.ts';
import { useT } from '../../core/i18n/index.ts';
import { toast } from '../../core/stores/notify.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import './i18n.ts';
import { testLdapConfig } from './ldap-api.ts';

// The dialogs (and the list table the import brings) load when first opened.
type DialogProps = { onClose: () => void };
const LdapLoginDialog = lazyComponent<DialogProps>(
  () => import('./LdapLoginDialog.tsx').then((m) => m.LdapLoginDialog),
  'LdapLoginDialog',
);
const LdapImportDialog = lazyComponent<DialogProps>(
  () => import('./LdapImportDialog.tsx').then((m) => m.LdapImportDialog),
  'LdapImportDialog',
);

/**
 * The LDAP tab's buttons beside Submit, as Lina 2.3 has them: "Test connection" with the values being
 * edited (a blank bind password means the stored one), "Test login" and "Bulk import", which work on
 * the saved configuration. The server's answer shows beside the buttons, as text.
 */
export function LdapButtons({ values }: { values: Values }) {
  const t = useT();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [dialog, setDialog] = useState<'login' | 'import' | null>(null);
  const run = async () => {
    setTesting(true);
    setResult(null);
    const body = Object.fromEntries(Object.entries(values).filter(([name]) => name.startsWith('AUTH_LDAP')));
    const answer = await testLdapConfig(body);
    setResult(answer);
    if (answer.ok) toast.success(answer.text);
    setTesting(false);
  };
  return (
    <>
      <SlButton className="ldap-test-config" loading={testing} onClick={() => void run()}>
        {t('settings.ldap.testConnection')}
      </SlButton>
      <SlButton className="ldap-test-login" onClick={() => setDialog('login')}>
        {t('settings.ldap.testLogin')}
      </SlButton>
      <SlButton className="ldap-import" onClick={() => setDialog('import')}>
        {t('settings.ldap.bulkImport')}
      </SlButton>
      {result && (
        <div className={`ldap-test-result ${result.ok ? 'ok' : 'failed'}`} role="status">
          {result.text}
        </div>
      )}
      {dialog === 'login' && <LdapLoginDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <LdapImportDialog onClose={() => setDialog(null)} />}
    </>
  );
}

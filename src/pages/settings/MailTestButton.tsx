import { useState } from 'react';
import type { Values } from '../../core/engine/form/validate.ts';
import { HttpError, http } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { serverMessage } from '../../core/http-error.ts';
import { toast } from '../../core/stores/notify.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import { MAIL_TESTING_URL } from './settings-api.ts';

/**
 * "Test connection": the server sends a test mail with the values being edited (saved or not); its
 * answer — "sent to …" or the SMTP server's error text — shows beside the buttons, as text.
 */
export function MailTestButton({ values }: { values: Values }) {
  const t = useT();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setTesting(true);
    setResult(null);
    const body = Object.fromEntries(Object.entries(values).filter(([name]) => name.startsWith('EMAIL_')));
    try {
      const answer = await http.post<{ msg?: string }>(MAIL_TESTING_URL, body, { disableFlashErrMsg: true });
      const text = answer.msg ?? '';
      setResult({ ok: true, text });
      toast.success(text);
    } catch (error) {
      const data = error instanceof HttpError ? error.data : null;
      const fields =
        data && typeof data === 'object' && !('error' in data)
          ? Object.entries(data as Record<string, unknown>)
              .map(([name, messages]) => `${name}: ${([] as unknown[]).concat(messages).join(' ')}`)
              .join('; ')
          : '';
      const text = fields || serverMessage(data) || (error as Error).message;
      setResult({ ok: false, text });
    } finally {
      setTesting(false);
    }
  };
  return (
    <>
      <SlButton className="mail-test" loading={testing} onClick={() => void run()}>
        {t('settings.mailTest')}
      </SlButton>
      {result && (
        <div className={`mail-test-result ${result.ok ? 'ok' : 'failed'}`} role="status">
          {result.text}
        </div>
      )}
    </>
  );
}

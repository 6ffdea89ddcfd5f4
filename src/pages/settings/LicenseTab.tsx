import { useEffect, useState } from 'react';
import { HttpError, http } from '../../core/http.ts';
import { serverMessage } from '../../core/http-error.ts';
import { useT } from '../../core/i18n/index.ts';
import { loadPublicSettings } from '../../core/stores/settings.ts';
import { toast } from '../../core/stores/notify.ts';
import { SlButton, SlSpinner } from '../../core/ui/shoelace.ts';
import { LICENSE_DETAIL_URL, LICENSE_IMPORT_URL, type LicenseDetail } from './settings-api.ts';

const ROWS = ['corporation', 'edition', 'subscription_id', 'asset_count', 'date_expired', 'is_valid'] as const;

/** The licence detail (404 or empty values: no licence) and the import of a licence file (multipart `file`). */
export function LicenseTab() {
  const t = useT();
  const [detail, setDetail] = useState<LicenseDetail | null | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const load = () =>
    http.get<LicenseDetail>(LICENSE_DETAIL_URL, { disableFlashErrMsg: true }).then(
      (body) => setDetail(body && body.corporation ? body : null),
      () => setDetail(null),
    );
  useEffect(() => {
    void load();
  }, []);

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setSending(true);
    setResult(null);
    try {
      const answer = await http.post<{ status?: boolean; msg?: string }>(LICENSE_IMPORT_URL, form, {
        disableFlashErrMsg: true,
      });
      setResult({ ok: answer.status !== false, text: answer.msg ?? '' });
      if (answer.status !== false) {
        toast.success(answer.msg || t('message.updateSuccess'));
        await load();
        // The licence-only menus and the footer follow the public settings.
        await loadPublicSettings();
      }
    } catch (error) {
      const data = error instanceof HttpError ? error.data : null;
      setResult({ ok: false, text: serverMessage(data) ?? (error as Error).message });
    } finally {
      setSending(false);
    }
  };

  if (detail === undefined) return <SlSpinner />;
  const shown = (key: (typeof ROWS)[number]) => {
    const value = detail?.[key];
    if (key === 'is_valid') return value ? t('settings.license.valid') : t('settings.license.invalid');
    return value == null || value === '' ? '-' : String(value);
  };
  return (
    <div className="license-tab">
      {detail ? (
        <dl className="license-detail">
          {ROWS.map((key) => (
            <div key={key} data-key={key}>
              <dt>{t(`settings.license.${key}`)}</dt>
              <dd>{shown(key)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="license-none">{t('settings.license.none')}</p>
      )}
      <div className="license-import">
        {/* The label names the file input (axe: a control without a name was critical). */}
        <label htmlFor="license-file">{t('settings.license.file')}</label>
        <input
          type="file"
          id="license-file"
          className="license-file"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        <SlButton
          variant="primary"
          className="license-submit"
          disabled={!file}
          loading={sending}
          onClick={() => void upload()}
        >
          {t('settings.license.import')}
        </SlButton>
        {result && (
          <div className={`license-result ${result.ok ? 'ok' : 'failed'}`} role="status">
            {result.text}
          </div>
        )}
      </div>
    </div>
  );
}

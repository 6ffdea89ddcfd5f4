import '../i18n.ts';
import { useRef, useState } from 'react';
import { HttpError } from '../../http.ts';
import { useT } from '../../i18n/index.ts';
import { importErrorCount, importErrorLines } from '../../resource/errors.ts';
import { toast } from '../../stores/notify.ts';
import { SlButton, SlDialog, SlRadio, SlRadioGroup } from '../shoelace.ts';
import { cacheResources, csvUrl, downloadFile, importCsv } from '../api.ts';

export interface ImportDialogProps {
  url: string;
  selectedIds: string[];
  onClose: () => void;
  onImported: () => void;
}

/** Only one file ending in .csv is accepted (spec §5). */
export function acceptedCsv(files: FileList | File[] | null): File | null {
  const list = files ? [...files] : [];
  return list.length === 1 && /\.csv$/i.test(list[0].name) ? list[0] : null;
}

/** Create or update from one CSV; a 400 lists 'line N. field: message', other failures clear the file. */
export function ImportDialog({ url, selectedIds, onClose, onImported }: ImportDialogProps) {
  const t = useT();
  const [mode, setMode] = useState<'create' | 'update'>('create');
  const [file, setFile] = useState<File | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  const [summary, setSummary] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };
  const template = async () => {
    const params: Record<string, string> =
      mode === 'create'
        ? { template: 'import', limit: '1' }
        : { template: 'update', ...(selectedIds.length ? { spm: await cacheResources(selectedIds) } : {}) };
    downloadFile(csvUrl(url, params));
  };
  const upload = async () => {
    if (!file) return;
    setSending(true);
    setLines([]);
    setSummary('');
    try {
      const created: unknown = await importCsv(url, mode, file);
      // A big import answers `{count, results}` (only its first objects echoed).
      const total = (created as { count?: unknown } | null)?.count;
      const count = Array.isArray(created) ? created.length : typeof total === 'number' ? total : 0;
      toast.success(t(mode === 'create' ? 'message.importCreated' : 'message.importUpdated', { count }));
      onImported();
      onClose();
    } catch (error) {
      const body = error instanceof HttpError && error.status === 400 ? error.data : null;
      const found = importErrorLines(body);
      if (found.length > 0) {
        const { total, shown } = importErrorCount(body);
        setLines(found);
        setSummary(
          total > shown
            ? t('engine.import.errorsShown', { count: total, shown })
            : t('engine.import.errorCount', { count: total }),
        );
      } else clearFile();
    } finally {
      setSending(false);
    }
  };
  return (
    <SlDialog
      open
      label={t('engine.import.title')}
      className="engine-dialog import-dialog"
      onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}
    >
      <SlRadioGroup
        label={t('engine.import.mode')}
        value={mode}
        onSlChange={(e) => setMode((e.target as HTMLInputElement).value as 'create' | 'update')}
      >
        <SlRadio value="create">{t('engine.import.create')}</SlRadio>
        <SlRadio value="update">{t('engine.import.update')}</SlRadio>
      </SlRadioGroup>
      <p>
        <a
          href="#"
          className="template"
          onClick={(e) => {
            e.preventDefault();
            void template().catch(() => undefined);
          }}
        >
          {t(mode === 'create' ? 'engine.import.template' : 'engine.import.updateTemplate')}
        </a>
      </p>
      <label>
        {t('engine.import.file')}{' '}
        <input
          ref={input}
          type="file"
          accept=".csv"
          className="csv-file"
          onChange={(e) => {
            const picked = acceptedCsv(e.target.files);
            setFile(picked);
            setLines([]);
            if (!picked) e.target.value = '';
          }}
        />
      </label>
      <div className="help">{t('engine.import.help')}</div>
      {lines.length > 0 && <p className="import-error-count">{summary}</p>}
      {lines.length > 0 && (
        <ul className="import-errors">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <SlButton slot="footer" onClick={onClose}>
        {t('common.cancel')}
      </SlButton>
      <SlButton
        slot="footer"
        variant="primary"
        className="confirm"
        disabled={!file}
        loading={sending}
        onClick={() => void upload()}
      >
        {t('engine.import.upload')}
      </SlButton>
    </SlDialog>
  );
}

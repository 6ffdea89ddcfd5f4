import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../core/i18n/index.ts';
import { formatServer } from '../../core/resource/datetime.ts';
import {
  downloadUrl,
  failureText,
  listFolder,
  locate,
  makeFolder,
  removeEntry,
  renameEntry,
  uploadFile,
  type FileRow,
  type Listing,
  type Upload,
} from './api.ts';
import { FILE_MANAGER_CSS } from './styles.ts';
import './i18n.ts';

export interface FileManagerPageProps {
  /** Open this asset's folder (its id); with `systemUser`, that system user's folder. */
  asset?: string;
  systemUser?: string;
  /** Open this folder of the tree (e.g. `/web-01/root/var/log`). */
  path?: string;
}

interface Transfer {
  id: number;
  name: string;
  percent: number;
  upload: Upload;
}
type Editing = { kind: 'mkdir' } | { kind: 'rename'; row: FileRow } | { kind: 'delete'; row: FileRow } | null;

const join = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`);
const sizeText = (row: FileRow) => {
  if (row.is_dir) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let size = row.size;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return unit ? `${size.toFixed(1)} ${units[unit]}` : `${size} B`;
};
// As every other time of the console: `YYYY-MM-DD HH:MM:SS +ZZZZ` in this browser's zone, never the
// browser locale's "12/7/2026, 5:59:14 AM" inside a Chinese page.
const dateText = (row: FileRow) => (row.mtime ? formatServer(new Date(row.mtime * 1000)) : '');

/** The file manager: the user's virtual tree (assets, system users, then the asset's files). */
export function FileManagerPage({ asset, systemUser, path }: FileManagerPageProps) {
  const t = useT();
  const [folder, setFolder] = useState<string | null>(null);
  const [listing, setListing] = useState<Listing | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const nextTransfer = useRef(1);

  // Where to start: the asked asset's folder, the asked path, else the root.
  useEffect(() => {
    let live = true;
    if (asset) {
      locate(asset, systemUser).then(
        (found) => {
          if (live) setFolder(found);
        },
        () => {
          if (!live) return;
          setMessage({ kind: 'error', text: t('files.notGranted') });
          setFolder('/');
        },
      );
    } else setFolder(path || '/');
    return () => {
      live = false;
    };
  }, [asset, systemUser, path, t]);

  const load = useCallback(
    async (where: string) => {
      try {
        setListing(await listFolder(where));
      } catch (error) {
        setMessage({ kind: 'error', text: t('files.failed', { message: failureText(error) }) });
        setListing((current) => current ?? { path: where, entries: [], actions: [], writable: false });
      }
    },
    [t],
  );
  useEffect(() => {
    if (folder === null) return;
    setListing(null);
    setEditing(null);
    void load(folder);
  }, [folder, load]);

  if (folder === null || !listing)
    return (
      <div className="files">
        <style>{FILE_MANAGER_CSS}</style>
        <p className="files-loading">{t('files.loading')}</p>
      </div>
    );

  const here = listing.path;
  const held = (action: string) => listing.actions.includes(action) || listing.actions.includes('all');
  const canUpload = listing.writable && held('upload_file');
  const canDownload = listing.writable && held('download_file');
  const crumbs = here.split('/').filter(Boolean);
  const refuse = (text: string) => setMessage({ kind: 'error', text });
  const run = async (work: () => Promise<void>) => {
    try {
      await work();
      setEditing(null);
    } catch (error) {
      refuse(t('files.failed', { message: failureText(error) }));
    }
    await load(here);
  };

  const upload = (files: FileList | null) => {
    if (!files?.length) return;
    if (!canUpload) return refuse(listing.writable ? t('files.noUpload') : t('files.virtual'));
    for (const file of Array.from(files)) {
      const id = nextTransfer.current++;
      const transfer: Transfer = {
        id,
        name: file.name,
        percent: 0,
        upload: uploadFile(join(here, file.name), file, (fraction) => {
          setTransfers((all) =>
            all.map((each) => (each.id === id ? { ...each, percent: Math.floor(fraction * 100) } : each)),
          );
        }),
      };
      setTransfers((all) => [...all, transfer]);
      transfer.upload.promise
        .then(
          () => setMessage({ kind: 'info', text: t('files.uploaded', { name: file.name }) }),
          (error: Error) =>
            setMessage(
              error.name === 'AbortError'
                ? { kind: 'info', text: t('files.cancelled', { name: file.name }) }
                : { kind: 'error', text: t('files.uploadFailed', { name: file.name, message: error.message }) },
            ),
        )
        .finally(() => {
          setTransfers((all) => all.filter((each) => each.id !== id));
          void load(here);
        });
    }
    if (picker.current) picker.current.value = '';
  };

  const download = (row: FileRow) => {
    if (!canDownload) return refuse(t('files.noDownload'));
    // The browser saves what the link streams; nothing is held in the page.
    const link = document.createElement('a');
    link.href = downloadUrl(join(here, row.name));
    link.download = row.name;
    link.rel = 'noopener';
    link.click();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!editing || !wanted || wanted.includes('/')) return;
    if (editing.kind === 'mkdir') void run(() => makeFolder(join(here, wanted)));
    else if (editing.kind === 'rename') void run(() => renameEntry(join(here, editing.row.name), join(here, wanted)));
  };
  const startEdit = (next: Editing) => {
    if (next && !canUpload) return refuse(listing.writable ? t('files.noUpload') : t('files.virtual'));
    setEditing(next);
    setName(next?.kind === 'rename' ? next.row.name : '');
  };

  return (
    <div className="files">
      <style>{FILE_MANAGER_CSS}</style>
      <nav className="files-crumbs" aria-label={t('files.crumbs')}>
        <button type="button" className="link" onClick={() => setFolder('/')}>
          {t('files.root')}
        </button>
        {crumbs.map((crumb, i) => (
          <span key={i}>
            <span className="sep">/</span>
            <button type="button" className="link" onClick={() => setFolder(`/${crumbs.slice(0, i + 1).join('/')}`)}>
              {crumb}
            </button>
          </span>
        ))}
      </nav>
      <div className="files-toolbar">
        <button type="button" onClick={() => picker.current?.click()} disabled={!listing.writable}>
          {t('files.action.upload')}
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          data-testid="upload-input"
          onChange={(event) => upload(event.currentTarget.files)}
        />
        <button type="button" onClick={() => startEdit({ kind: 'mkdir' })} disabled={!listing.writable}>
          {t('files.action.newFolder')}
        </button>
        <button type="button" onClick={() => void load(here)}>
          {t('files.action.refresh')}
        </button>
      </div>
      {message && (
        <p className={`files-message ${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {transfers.map((transfer) => (
        <div className="files-transfer" key={transfer.id} role="status">
          <span>{t('files.uploading', { name: transfer.name, percent: transfer.percent })}</span>
          <progress max={100} value={transfer.percent} />
          <button type="button" onClick={() => transfer.upload.cancel()}>
            {t('files.action.cancelUpload')}
          </button>
        </div>
      ))}
      {editing && editing.kind !== 'delete' && (
        <form className="files-edit" onSubmit={submit}>
          <label>
            {editing.kind === 'mkdir' ? t('files.folderName') : t('files.newName')}
            <input value={name} autoFocus onChange={(event) => setName(event.currentTarget.value)} />
          </label>
          <button type="submit">{t('files.action.save')}</button>
          <button type="button" onClick={() => setEditing(null)}>
            {t('files.action.cancel')}
          </button>
        </form>
      )}
      {editing?.kind === 'delete' && (
        <div className="files-edit" role="alertdialog" aria-label={t('files.action.delete')}>
          <span>{t('files.confirmDelete', { name: editing.row.name })}</span>
          <button
            type="button"
            className="danger"
            onClick={() => void run(() => removeEntry(join(here, editing.row.name)))}
          >
            {t('files.action.delete')}
          </button>
          <button type="button" onClick={() => setEditing(null)}>
            {t('files.action.cancel')}
          </button>
        </div>
      )}
      {!listing.writable && here !== '/' && listing.entries.length > 0 && (
        <p className="files-hint">{t('files.virtual')}</p>
      )}
      <table className="files-table" aria-label={t('files.table', { path: here })}>
        <thead>
          <tr>
            <th>{t('files.column.name')}</th>
            <th>{t('files.column.size')}</th>
            <th>{t('files.column.date')}</th>
            <th>{t('files.column.permissions')}</th>
            <th>{t('files.column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {listing.entries.map((row) => (
            <tr key={row.name} data-name={row.name}>
              <td>
                {row.is_dir ? (
                  <button type="button" className="link folder" onClick={() => setFolder(join(here, row.name))}>
                    {row.name}/
                  </button>
                ) : (
                  <span className="file">{row.name}</span>
                )}
              </td>
              <td>{sizeText(row)}</td>
              <td>{dateText(row)}</td>
              <td>
                <code>{row.permissions}</code>
              </td>
              <td className="row-actions">
                {listing.writable && !row.is_dir && (
                  <button type="button" onClick={() => download(row)}>
                    {t('files.action.download')}
                  </button>
                )}
                {listing.writable && (
                  <button type="button" onClick={() => startEdit({ kind: 'rename', row })}>
                    {t('files.action.rename')}
                  </button>
                )}
                {listing.writable && (
                  <button type="button" className="danger" onClick={() => startEdit({ kind: 'delete', row })}>
                    {t('files.action.delete')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!listing.entries.length && <p className="files-empty">{t('files.empty')}</p>}
    </div>
  );
}

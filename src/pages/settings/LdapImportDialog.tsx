import { useEffect, useState, type CSSProperties } from 'react';
import { PAGE_SIZE, PAGE_SIZES } from '../../core/config.ts';
import { DataTable } from '../../core/engine/list/DataTable.tsx';
import { Pager } from '../../core/engine/list/Pager.tsx';
import { useT } from '../../core/i18n/index.ts';
import type { ColumnSpec } from '../../core/resource/columns.ts';
import { toast } from '../../core/stores/notify.ts';
import { SlButton, SlDialog, SlSpinner } from '../../core/ui/shoelace.ts';
import { SlInput } from '../../core/ui/shoelace-inputs.ts';
import './i18n.ts';
import { fetchLdapUsers, importLdapUsers, refreshLdapCache, SYNC_POLL_MS, type LdapUserPage } from './ldap-api.ts';

type ListState =
  { state: 'loading' | 'syncing' } | { state: 'ready'; page: LdapUserPage } | { state: 'failed'; text: string };

/**
 * "LDAP user list" (Lina 2.3's import dialog): the directory's users from the server's cache, searched,
 * sorted and paged there, already imported ones marked. While the server's background sync runs the
 * list answers 409 and the dialog asks again until the users arrive. Import sends the selected names;
 * "Refresh cache" makes the server sync again.
 */
export function LdapImportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ search: '', order: '', page: 1, size: PAGE_SIZE });
  const [reloads, setReloads] = useState(0);
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const answer = await fetchLdapUsers({
        search: query.search,
        order: query.order,
        limit: query.size,
        offset: (query.page - 1) * query.size,
      });
      if (cancelled) return;
      setList(answer);
      if (answer.state === 'syncing') timer = setTimeout(() => void load(), SYNC_POLL_MS);
    };
    void load();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, reloads]);

  const columns: ColumnSpec[] = [
    { prop: 'username', label: t('settings.ldap.columns.username'), kind: 'text', sortable: true, width: 180 },
    { prop: 'name', label: t('settings.ldap.columns.name'), kind: 'text', sortable: true, width: 180 },
    { prop: 'email', label: t('settings.ldap.columns.email'), kind: 'text', sortable: true },
    { prop: 'existing', label: t('settings.ldap.columns.existing'), kind: 'boolean', sortable: true, width: 100 },
  ];

  const runImport = async () => {
    if (selected.size === 0) {
      setResult({ ok: false, text: t('settings.ldap.unselected') });
      return;
    }
    setImporting(true);
    setResult(null);
    const answer = await importLdapUsers([...selected]);
    setResult(answer);
    setImporting(false);
    if (answer.ok) {
      toast.success(answer.text);
      setSelected(new Set());
      setReloads((n) => n + 1);
    }
  };

  const refresh = async () => {
    const answer = await refreshLdapCache();
    if (answer.ok) toast.info(t('settings.ldap.refreshing'));
    else setResult(answer);
    setSelected(new Set());
    setList({ state: 'syncing' });
    setReloads((n) => n + 1);
  };

  const search = () => setQuery((old) => ({ ...old, search: typed.trim(), page: 1 }));

  let body;
  if (list.state === 'ready') {
    body = (
      <>
        <DataTable
          columns={columns}
          rows={list.page.results}
          selectable
          selected={selected}
          onSelect={setSelected}
          order={query.order}
          onSort={(order) => setQuery((old) => ({ ...old, order, page: 1 }))}
        />
        <Pager
          total={list.page.count}
          page={query.page}
          size={query.size}
          sizes={PAGE_SIZES}
          onPage={(page) => setQuery((old) => ({ ...old, page }))}
          onSize={(size) => setQuery((old) => ({ ...old, size, page: 1 }))}
        />
      </>
    );
  } else if (list.state === 'failed') {
    body = (
      <div className="ldap-users-failed" role="alert">
        {list.text}
      </div>
    );
  } else {
    body = (
      <div className="ldap-users-syncing">
        <SlSpinner /> {t(list.state === 'syncing' ? 'settings.ldap.syncing' : 'settings.ldap.loading')}
      </div>
    );
  }

  return (
    <SlDialog
      open
      label={t('settings.ldap.importTitle')}
      className="engine-dialog ldap-import-dialog"
      style={{ '--width': '860px' } as CSSProperties}
      onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}
    >
      <p className="hint">{t('settings.ldap.importTip')}</p>
      <div className="toolbar ldap-users-actions">
        <SlInput
          className="ldap-search sr-label"
          label={t('common.search')}
          size="small"
          clearable
          placeholder={t('common.search')}
          value={typed}
          onSlInput={(e) => setTyped((e.target as HTMLInputElement).value)}
          onSlClear={() => {
            setTyped('');
            setQuery((old) => ({ ...old, search: '', page: 1 }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search();
          }}
        />
        <SlButton size="small" className="ldap-search-button" onClick={search}>
          {t('common.search')}
        </SlButton>
        <SlButton size="small" variant="primary" className="ldap-refresh" onClick={() => void refresh()}>
          {t('settings.ldap.refreshCache')}
        </SlButton>
      </div>
      <div className="ldap-users" data-state={list.state}>
        {body}
      </div>
      {result && (
        <div className={`ldap-import-result ${result.ok ? 'ok' : 'failed'}`} role="status">
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
        loading={importing}
        onClick={() => void runImport()}
      >
        {t('settings.ldap.import')}
      </SlButton>
    </SlDialog>
  );
}

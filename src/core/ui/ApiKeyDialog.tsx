import { useState, type CSSProperties } from 'react';
import './i18n.ts';
import { EngineStyle } from '../engine/EngineStyle.tsx';
import { ListTable } from '../engine/list/ListTable.tsx';
import { useT } from '../i18n/index.ts';
import { accessKeys } from './access-keys.ts';
import { SlDialog } from './shoelace.ts';

/**
 * The caller's access keys (spec §2 "API Key dialog"), 60% wide, on the list engine: Create, search,
 * refresh, On/Off and delete. The search is the dialog's own: it must not rewrite the page address.
 */
export function ApiKeyDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [filters, setFilters] = useState<Record<string, string>>({});
  return (
    <SlDialog
      className="api-key-dialog"
      label={t('ui.apiKey.title')}
      open
      style={{ '--width': '60%' } as CSSProperties}
      onSlAfterHide={(event) => event.target === event.currentTarget && onClose()}
    >
      <EngineStyle />
      <ListTable resource={accessKeys} filters={filters} onFiltersChange={setFilters} />
    </SlDialog>
  );
}

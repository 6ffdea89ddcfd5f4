import '../i18n.ts';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { limitOffsetAdapter } from '../../resource/adapters.ts';
import type { ResourceDefinition } from '../../resource/define.ts';
import { pageTitle } from '../../resource/names.ts';
import { queryToSearch, searchToQuery } from '../../resource/search.ts';
import type { PageProps } from '../../routes.ts';
import { hashPath, navigateHash, useConsoleSearch } from '../../ui/hash-location.ts';
import { sendListEarly } from '../api.ts';
import { EngineStyle } from '../EngineStyle.tsx';
import { ListTable } from './ListTable.tsx';

/** Query keys that belong to the page, not to the search. */
const NOT_FILTERS = new Set(['activeTab']);

export interface ListPageProps extends PageProps {
  resource: ResourceDefinition;
  onError?: (error: unknown) => void;
}

/**
 * A resource's list page. The search lives in the address (`#/users/users/?search=a&role=Admin`),
 * so a reload or a shared link shows the same rows; the definition's preset fills in what the
 * address does not say.
 */
export function ListPage({ resource, onError }: ListPageProps) {
  const t = useT();
  const search = useConsoleSearch();
  const fromAddress = Object.fromEntries(Object.entries(queryToSearch(search)).filter(([k]) => !NOT_FILTERS.has(k)));
  // The preset holds until the user changes the search (removing a preset tag must stick).
  const [withPreset, setWithPreset] = useState(() => !search);
  const filters = withPreset ? { ...resource.list.preset, ...fromAddress } : fromAddress;
  const change = (next: Record<string, string>) => {
    setWithPreset(false);
    const query = searchToQuery(next);
    navigateHash(query ? `${hashPath()}?${query}` : hashPath(), { replace: true });
  };
  return (
    <section className="engine-page list-page">
      <EngineStyle />
      <h2>{t(pageTitle(resource, 'list'))}</h2>
      <ListTable resource={resource} filters={filters} onFiltersChange={change} onError={onError} />
    </section>
  );
}

/**
 * The calls ListTable makes first (metadata, page 1), sent before the page renders. Only for an
 * address without a query and a definition without a preset or date range: those first calls
 * carry filters the page works out itself (a mismatch would just not be taken, engine/early.ts).
 */
ListPage.sendEarlyFor = (resource: ResourceDefinition, search: string): void => {
  const list = resource.list;
  if (search || list.preset || list.dateRange) return;
  const adapter = list.adapter ?? limitOffsetAdapter;
  sendListEarly(resource.url, adapter.params({ page: 1, size: adapter.defaultSize, order: '', filters: {} }));
};

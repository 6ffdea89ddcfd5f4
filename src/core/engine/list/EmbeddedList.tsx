import { useState } from 'react';
import type { ResourceDefinition } from '../../resource/define.ts';
import { EngineStyle } from '../EngineStyle.tsx';
import { ListTable } from './ListTable.tsx';

export interface EmbeddedListProps {
  resource: ResourceDefinition;
  /** Sent with every request, never shown or removable (the detail page's object). */
  fixed?: Record<string, string>;
}

/**
 * The list engine inside a detail tab: its search stays in the component (the address belongs to
 * the detail page and its activeTab), and `fixed` narrows every request to the page's object.
 */
export function EmbeddedList({ resource, fixed }: EmbeddedListProps) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  return (
    <div className="embedded-list" data-resource={resource.name}>
      <EngineStyle />
      <ListTable resource={resource} filters={filters} onFiltersChange={setFilters} fixed={fixed} />
    </div>
  );
}

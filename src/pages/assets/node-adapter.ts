import { limitOffsetAdapter, type ListAdapter } from '../../core/resource/adapters.ts';

export interface NodeFilter {
  nodeId?: string;
  /** "Show assets of sub-nodes": `all=1` includes the node's descendants. */
  all: boolean;
}

/**
 * The asset list's data source with the tree's node filter added to every request, so the node
 * stays out of the search bar's tags (jumpserver-api.md §2.3 `node_id` + `all=1`) and `draw=1`
 * brings the connectivity column.
 */
export function nodeAdapter({ nodeId, all }: NodeFilter, base: ListAdapter = limitOffsetAdapter): ListAdapter {
  return {
    ...base,
    params: (query) => ({
      ...base.params(query),
      draw: 1,
      ...(nodeId ? { node_id: nodeId, all: all ? 1 : undefined } : {}),
    }),
  };
}

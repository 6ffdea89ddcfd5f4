import { useState } from 'react';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { ListTable } from '../../core/engine/list/ListTable.tsx';
import { useT } from '../../core/i18n/index.ts';
import { pageTitle } from '../../core/resource/names.ts';
import { queryToSearch, searchToQuery } from '../../core/resource/search.ts';
import { hashPath, navigateHash, useConsoleSearch } from '../../core/ui/hash-location.ts';
import type { TreeNode } from '../assets/tree/node-api.ts';
import { NodeTree } from '../assets/tree/NodeTree.tsx';
import { assetPermissions } from './asset-permissions.resource.ts';
import './i18n.ts';

const LAYOUT = `.perm-list-layout { display: flex; gap: 12px; align-items: flex-start; }
.perm-list-layout > .tree-pane { flex: 0 0 240px; border: 1px solid var(--_color-border); padding: 8px; overflow: auto; max-height: 80vh; }
.perm-list-layout > .table-pane { flex: 1; min-width: 0; }`;

/**
 * AssetPermissionList as 2.3 draws it: the org's node tree beside the list; choosing a node lists
 * the permissions granting it (`node_id`, with §2.5's default `all=1` those of its ancestors too).
 */
export function AssetPermissionListPage() {
  const t = useT();
  const search = useConsoleSearch();
  const [node, setNode] = useState<TreeNode | null>(null);
  const change = (next: Record<string, string>) => {
    const query = searchToQuery(next);
    navigateHash(query ? `${hashPath()}?${query}` : hashPath(), { replace: true });
  };
  return (
    <section className="engine-page list-page asset-permission-list-page">
      <EngineStyle />
      <style>{LAYOUT}</style>
      <h2>{t(pageTitle(assetPermissions, 'list'))}</h2>
      <div className="perm-list-layout">
        <aside className="tree-pane" aria-label={t('perms.granted.nodes')}>
          <NodeTree selected={node?.id} onSelect={(chosen) => setNode(chosen.id === node?.id ? null : chosen)} />
        </aside>
        <div className="table-pane">
          <ListTable
            resource={assetPermissions}
            filters={queryToSearch(search)}
            onFiltersChange={change}
            fixed={node ? { node_id: node.id } : undefined}
          />
        </div>
      </div>
    </section>
  );
}

import { useMemo, useState } from 'react';
import { MOBILE_BREAKPOINT } from '../../core/config.ts';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { ListTable } from '../../core/engine/list/ListTable.tsx';
import { useT } from '../../core/i18n/index.ts';
import { pageTitle } from '../../core/resource/names.ts';
import { queryToSearch, searchToQuery } from '../../core/resource/search.ts';
import type { HeaderAction, ResourceDefinition } from '../../core/resource/define.ts';
import { hashPath, navigateHash, useConsoleSearch } from '../../core/ui/hash-location.ts';
import { Icon } from '../../core/ui/Icon.tsx';
import { IconButton } from '../../core/ui/IconButton.tsx';
import { SlSwitch } from '../../core/ui/shoelace-inputs.ts';
import { assets } from './assets.resource.ts';
import { MoveToDialog } from './MoveToDialog.tsx';
import { nodeAdapter } from './node-adapter.ts';
import type { MoveMode, TreeNode } from './tree/node-api.ts';
import { NodeTree } from './tree/NodeTree.tsx';
import './i18n.ts';

const LAYOUT = `.asset-list-layout { display: flex; gap: 12px; align-items: flex-start; }
.asset-list-layout > .tree-pane { flex: 0 0 240px; background: var(--_color-surface); border: 1px solid var(--_color-border); padding: 8px; overflow: auto; max-height: 80vh; }
.asset-list-layout > .table-pane { flex: 1; min-width: 0; }
.node-switch { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; }
.tree-help { display: flex; align-items: center; gap: 8px; margin: 0 0 12px; padding: 8px 12px; color: var(--_color-heading);
  background: var(--_color-hover); border: 1px solid var(--_color-border); border-radius: var(--_radius); }
.tree-help p { flex: 1; margin: 0; }
/* Narrow windows (the mobile layout): the tree above the table, which then has the whole width. */
@media (max-width: ${MOBILE_BREAKPOINT - 1}px) { .asset-list-layout { flex-direction: column; align-items: stretch; }
  .asset-list-layout > .tree-pane { flex-basis: auto; max-height: 40vh; } }`;

/** AssetList: the node tree on the left filters the engine's table on the right. */
export function AssetListPage() {
  const t = useT();
  const search = useConsoleSearch();
  const [node, setNode] = useState<TreeNode | null>(null);
  const [all, setAll] = useState(true);
  const [move, setMove] = useState<{ mode: MoveMode; ids: string[]; reload: () => void } | null>(null);
  const [treeKey, setTreeKey] = useState(0);
  const [helpShown, setHelpShown] = useState(true);

  const resource: ResourceDefinition = useMemo(() => {
    const mover = (mode: MoveMode): HeaderAction => ({
      name: `node-${mode}`,
      title: `assets.tree.${mode === 'replace' ? 'moveTo' : mode === 'add' ? 'addTo' : 'removeFrom'}`,
      needsSelection: true,
      onClick: (rows, ctx) => setMove({ mode, ids: rows.map((r) => String(r.id)), reload: ctx.reload }),
    });
    return {
      ...assets,
      list: {
        ...assets.list,
        adapter: nodeAdapter({ nodeId: node?.id, all }),
        headerActions: [mover('replace'), mover('add'), mover('remove')],
        // A node chosen in the tree becomes the new asset's node.
        create: () =>
          navigateHash(node ? `/assets/assets/create?node=${encodeURIComponent(node.id)}` : '/assets/assets/create'),
      },
    };
  }, [node, all]);

  const filters = queryToSearch(search);
  const change = (next: Record<string, string>) => {
    const query = searchToQuery(next);
    navigateHash(query ? `${hashPath()}?${query}` : hashPath(), { replace: true });
  };
  return (
    <section className="engine-page list-page asset-list-page">
      <EngineStyle />
      <style>{LAYOUT}</style>
      <h2>{t(pageTitle(assets, 'list'))}</h2>
      {/* Lina's help banner over the tree: a newcomer learns where the menu of a node is. */}
      {helpShown && (
        <div className="tree-help" role="note">
          <Icon name="info-circle" />
          <p>{t('assets.tree.help')}</p>
          <IconButton
            name="x-lg"
            label={t('assets.tree.closeHelp')}
            className="close-help"
            onClick={() => setHelpShown(false)}
          />
        </div>
      )}
      <div className="asset-list-layout">
        <aside className="tree-pane" aria-label={t('assets.tree.title')}>
          <NodeTree editable refreshable selected={node?.id} onSelect={setNode} reloadKey={treeKey} />
        </aside>
        <div className="table-pane">
          <div className="node-switch">
            <SlSwitch
              className="show-all"
              checked={all}
              onSlChange={(e) => setAll((e.target as unknown as { checked: boolean }).checked)}
            >
              {t('assets.tree.showAll')}
            </SlSwitch>
          </div>
          <ListTable resource={resource} filters={filters} onFiltersChange={change} />
        </div>
      </div>
      {move && (
        <MoveToDialog
          mode={move.mode}
          assetIds={move.ids}
          onClose={() => setMove(null)}
          onDone={() => {
            move.reload();
            setTreeKey((k) => k + 1);
            setMove(null);
          }}
        />
      )}
    </section>
  );
}

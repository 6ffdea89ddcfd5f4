import { useMemo, useState, type MouseEvent } from 'react';
import { useT } from '../../../core/i18n/index.ts';
import { confirm } from '../../../core/stores/notify.ts';
import { IconButton } from '../../../core/ui/IconButton.tsx';
import { createChildNode, deleteNode, renameNode, type TreeNode } from './node-api.ts';
import { NodeLabel } from './NodeLabel.tsx';
import { TREE_CSS } from './tree-styles.ts';
import { useNodeTree, type LoadChildren } from './use-node-tree.ts';
import '../i18n.ts';

export interface NodeTreeProps {
  selected?: string;
  onSelect: (node: TreeNode) => void;
  /** Right-click menu: create child, rename, delete (admin pages; the embeddable list is read-only). */
  editable?: boolean;
  /** Changing it reloads the whole tree (asset counts after a move). */
  reloadKey?: unknown;
  /** Another source of items (the user page's granted tree); keep it stable (module level or memoised). */
  load?: LoadChildren;
  /** The first level could not load (the embeddable list reports it). */
  onError?: (error: unknown) => void;
  /** A refresh button beside the root, as Lina's tree has (counts change as assets move). */
  refreshable?: boolean;
}

interface Menu {
  node: TreeNode;
  x: number;
  y: number;
}

/** The node tree on the left of the asset list: lazy children, right-click to edit. */
export function NodeTree({ selected, onSelect, editable, reloadKey, load, onError, refreshable }: NodeTreeProps) {
  const t = useT();
  const [round, setRound] = useState(0);
  const key = useMemo(() => [reloadKey, round], [reloadKey, round]);
  const { state, toggle, refresh, patchNode } = useNodeTree(key, load, onError);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const parentOf = (node: TreeNode) =>
    [...state.roots, ...Object.values(state.children).flat()].find((n) => n.key === node.parentKey);

  const openMenu = (node: TreeNode, event: MouseEvent) => {
    if (!editable) return;
    event.preventDefault();
    setMenu({ node, x: event.clientX, y: event.clientY });
  };
  const createChild = async (node: TreeNode) => {
    const made = await createChildNode(node.id);
    if (!made) return;
    const mine = await refresh(node);
    setEditing(mine.find((n) => n.id === made.id)?.key ?? null);
  };
  const commitRename = async (node: TreeNode, value: string) => {
    setEditing(null);
    if (!value.trim() || value.trim() === node.value) return;
    const saved = await renameNode(node.id, value.trim());
    if (!saved) return;
    const parent = parentOf(node);
    if (parent) await refresh(parent);
    else patchNode(node.key, { value: saved.value, title: saved.value });
  };
  const remove = async (node: TreeNode) => {
    const ok = await confirm({
      title: t('common.tips'),
      message: t('assets.tree.deleteConfirm', { name: node.value }),
      type: 'warning',
    });
    if (!ok || !(await deleteNode(node.id))) return;
    const parent = parentOf(node);
    if (parent) await refresh(parent);
  };
  const act = (run: (node: TreeNode) => void | Promise<void>) => () => {
    const node = menu?.node;
    setMenu(null);
    if (node) void run(node);
  };

  const branch = (nodes: TreeNode[], depth: number) => (
    <ul role={depth === 0 ? 'tree' : 'group'} className="node-tree-list">
      {nodes.map((node) => (
        <li
          key={node.key}
          role="treeitem"
          aria-expanded={state.expanded.has(node.key)}
          aria-selected={selected === node.id}
        >
          <NodeLabel
            node={node}
            depth={depth}
            open={state.expanded.has(node.key)}
            selected={selected === node.id}
            editing={editing === node.key}
            onToggle={() => toggle(node)}
            onSelect={() => onSelect(node)}
            onMenu={(event) => openMenu(node, event)}
            onRename={(value) => void commitRename(node, value)}
            after={
              refreshable && depth === 0 ? (
                <IconButton
                  name="arrow-clockwise"
                  label={t('assets.tree.refresh')}
                  className="tree-refresh"
                  onClick={() => setRound((n) => n + 1)}
                />
              ) : undefined
            }
          />
          {state.expanded.has(node.key) &&
            (state.children[node.key]?.length ?? 0) > 0 &&
            branch(state.children[node.key], depth + 1)}
        </li>
      ))}
    </ul>
  );

  return (
    <div className="node-tree" onClick={() => menu && setMenu(null)}>
      <style>{TREE_CSS}</style>
      {!state.loaded && !state.failed && <p className="tree-loading">{t('assets.tree.loading')}</p>}
      {branch(state.roots, 0)}
      {menu && (
        <div className="tree-menu" role="menu" style={{ left: menu.x, top: menu.y }}>
          <button type="button" role="menuitem" data-action="create" onClick={act(createChild)}>
            {t('assets.tree.createNode')}
          </button>
          <button type="button" role="menuitem" data-action="rename" onClick={act((n) => setEditing(n.key))}>
            {t('assets.tree.rename')}
          </button>
          <button type="button" role="menuitem" data-action="delete" onClick={act(remove)}>
            {t('assets.tree.delete')}
          </button>
        </div>
      )}
    </div>
  );
}

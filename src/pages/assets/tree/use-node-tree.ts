import { useCallback, useEffect, useRef, useState } from 'react';
import { loadChildren, type TreeNode } from './node-api.ts';

/** Where a tree's items come from: the admin node tree by default, a granted tree on the user page. */
export type LoadChildren = (parent?: TreeNode) => Promise<TreeNode[]>;

const adminChildren: LoadChildren = (parent) => loadChildren(parent?.id);

export interface NodeTreeState {
  roots: TreeNode[];
  /** Loaded children by parent key; a key missing here was never opened. */
  children: Record<string, TreeNode[]>;
  expanded: Set<string>;
  failed: boolean;
  /** The first level has arrived (an empty tree is then empty, not loading). */
  loaded: boolean;
}

const EMPTY: NodeTreeState = { roots: [], children: {}, expanded: new Set(), failed: false, loaded: false };

/**
 * The lazy tree: the first call returns the org root and its children; opening a node loads its
 * children once (`?id=<uuid>`); `refresh(node)` reloads one level after a change.
 */
export function useNodeTree(
  reloadKey: unknown,
  load: LoadChildren = adminChildren,
  onError?: (error: unknown) => void,
) {
  const [state, setState] = useState<NodeTreeState>(EMPTY);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    let live = true;
    load().then(
      (nodes) => {
        if (!live) return;
        const keys = new Set(nodes.map((n) => n.key));
        const roots = nodes.filter((n) => !keys.has(n.parentKey));
        const children: Record<string, TreeNode[]> = {};
        for (const root of roots) children[root.key] = nodes.filter((n) => n.parentKey === root.key);
        setState({ roots, children, expanded: new Set(roots.map((r) => r.key)), failed: false, loaded: true });
      },
      (error: unknown) => {
        if (!live) return;
        setState({ ...EMPTY, failed: true });
        onErrorRef.current?.(error);
      },
    );
    return () => {
      live = false;
    };
  }, [reloadKey, load]);

  const refresh = useCallback(
    async (node: TreeNode) => {
      const nodes = await load(node).catch(() => [] as TreeNode[]);
      const mine = nodes.filter((n) => n.parentKey === node.key);
      setState((old) => ({
        ...old,
        children: { ...old.children, [node.key]: mine },
        expanded: new Set(old.expanded).add(node.key),
      }));
      return mine;
    },
    [load],
  );

  const toggle = useCallback(
    (node: TreeNode) => {
      setState((old) => {
        const expanded = new Set(old.expanded);
        if (expanded.has(node.key)) expanded.delete(node.key);
        else expanded.add(node.key);
        return { ...old, expanded };
      });
      if (!state.children[node.key]) void refresh(node);
    },
    [state.children, refresh],
  );

  /** Replaces a node's own entry (a rename) wherever it is listed. */
  const patchNode = useCallback((key: string, change: Partial<TreeNode>) => {
    setState((old) => {
      const fix = (list: TreeNode[]) => list.map((n) => (n.key === key ? { ...n, ...change } : n));
      return {
        ...old,
        roots: fix(old.roots),
        children: Object.fromEntries(Object.entries(old.children).map(([k, v]) => [k, fix(v)])),
      };
    });
  }, []);

  return { state, toggle, refresh, patchNode };
}

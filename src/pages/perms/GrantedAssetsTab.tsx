import { createElement, useMemo, useState } from 'react';
import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx';
import { useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { defineResource } from '../../core/resource/define.ts';
import { loadChildren, type TreeNode } from '../assets/tree/node-api.ts';
import { NodeTree } from '../assets/tree/NodeTree.tsx';
import { PERMS } from './api.ts';
import { GrantedSystemUsers } from './GrantedSystemUsers.tsx';
import { lazyLabel } from './labels.ts';
import { readOnlyList } from './permission-common.tsx';
import './i18n.ts';

// "Granted assets" of a user or a user group (jumpserver-api.md §2.5, `/perms/users/<id>/…` and
// `/perms/user-groups/<id>/…`): the lazy tree of what they reach beside a table of those assets;
// choosing a node narrows the table to the assets under it.

const LAYOUT = `.granted-assets { display: flex; gap: 12px; align-items: flex-start; }
.granted-assets > .tree-pane { flex: 0 0 240px; border: 1px solid var(--_color-border); padding: 8px; overflow: auto; max-height: 70vh; }
.granted-assets > .table-pane { flex: 1; min-width: 0; }`;

const link = (asset: Row) =>
  createElement(
    'a',
    { href: `#/assets/assets/${encodeURIComponent(String(asset.id))}`, className: 'asset-link' },
    String(asset.hostname ?? ''),
  );

export function grantedAssetsTab(owner: 'users' | 'user-groups') {
  return function GrantedAssets({ object }: { object: Row; reload: () => void }) {
    const t = useT();
    const base = `${PERMS}${owner}/${encodeURIComponent(String(object.id))}/`;
    const [node, setNode] = useState<TreeNode | null>(null);
    // The tree reads the granted tree of this user or group instead of the org's nodes.
    const loadGranted = useMemo(
      () => (parent?: TreeNode) => loadChildren(parent?.id, `${base}nodes/children/tree/`),
      [base],
    );
    const resource = useMemo(
      () =>
        defineResource({
          name: 'GrantedAsset',
          url: node ? `${base}nodes/${encodeURIComponent(node.id)}/assets/` : `${base}assets/`,
          path: '',
          routes: ['list'],
          list: readOnlyList(['hostname', 'ip', 'platform', 'system_users'], {
            hostname: { ...lazyLabel('perms.column.hostname'), render: link },
            ip: lazyLabel('perms.column.ip'),
            platform: lazyLabel('perms.column.platform'),
            system_users: {
              ...lazyLabel('perms.column.systemUsers'),
              render: (asset) =>
                createElement(GrantedSystemUsers, {
                  url: `${base}assets/${encodeURIComponent(String(asset.id))}/system-users/`,
                }),
            },
          }),
        }),
      [base, node],
    );
    return (
      <div className="granted-assets">
        <style>{LAYOUT}</style>
        <aside className="tree-pane" aria-label={t('perms.granted.nodes')}>
          <NodeTree load={loadGranted} selected={node?.id} onSelect={setNode} />
        </aside>
        <div className="table-pane">
          <EmbeddedList key={resource.url} resource={resource} fixed={{ all: '1' }} />
        </div>
      </div>
    );
  };
}

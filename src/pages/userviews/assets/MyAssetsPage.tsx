import { useState } from 'react';
import { EngineStyle } from '../../../core/engine/EngineStyle.tsx';
import { SlButton, SlIconButton } from '../../../core/engine/shoelace.ts';
import { useT } from '../../../core/i18n/index.ts';
import type { Row } from '../../../core/resource/adapters.ts';
import type { TreeNode } from '../../assets/tree/node-api.ts';
import { NodeTree } from '../../assets/tree/NodeTree.tsx';
import { FAVORITE_KEY, MY_ASSETS, assetSystemUsersUrl, loadGrantedChildren, lunaUrl, nodeAssetsUrl } from '../api.ts';
import { GrantedTable, type GrantedColumn } from '../GrantedTable.tsx';
import { SystemUsersCell } from '../SystemUsersCell.tsx';
import { USER_PAGE_CSS } from '../styles.ts';
import { useFavorites } from './use-favorites.ts';
import '../i18n.ts';

const SUBTREE = { all: '1' };

const COLUMNS: GrantedColumn[] = [
  { prop: 'hostname', title: 'userviews.columns.hostname', sortable: true },
  { prop: 'ip', title: 'userviews.columns.ip', sortable: true, width: 140 },
  { prop: 'platform', title: 'userviews.columns.platform', width: 100 },
  {
    prop: 'system_users',
    title: 'userviews.columns.systemUsers',
    render: (row) => <SystemUsersCell url={assetSystemUsersUrl(String(row.id))} />,
  },
  { prop: 'org_name', title: 'userviews.columns.org', width: 120 },
  { prop: 'comment', title: 'userviews.columns.comment' },
];

/** MyAssets (`/` of the user page): the granted tree beside the granted assets, with favourites. */
export function MyAssetsPage() {
  const t = useT();
  const [node, setNode] = useState<TreeNode | null>(null);
  const favorites = useFavorites();
  const onFavorites = node?.key === FAVORITE_KEY;

  const actions = (row: Row) => {
    const id = String(row.id);
    const starred = favorites.ids.has(id);
    const toggle = () => void favorites.toggle(id);
    return (
      <span className="granted-actions">
        <SlButton size="small" variant="primary" className="connect" href={lunaUrl(id)} target="_blank">
          {t('userviews.connect')}
        </SlButton>
        {starred ? (
          <SlIconButton name="star-fill" className="favorite starred" label={t('userviews.unstar')} onClick={toggle} />
        ) : (
          <SlIconButton name="star" className="favorite" label={t('userviews.star')} onClick={toggle} />
        )}
      </span>
    );
  };

  return (
    <section className="engine-page list-page my-assets-page">
      <EngineStyle />
      <style>{USER_PAGE_CSS}</style>
      <h2>{t('route.MyAssets')}</h2>
      <div className="user-page-layout">
        <aside className="tree-pane" aria-label={t('userviews.tree.title')}>
          <button type="button" className={`all-assets${node ? '' : ' selected'}`} onClick={() => setNode(null)}>
            {t('userviews.tree.all')}
          </button>
          <NodeTree load={loadGrantedChildren} selected={node?.id} onSelect={setNode} reloadKey={favorites.changes} />
        </aside>
        <div className="table-pane">
          <GrantedTable
            key={node?.key ?? ''}
            url={node ? nodeAssetsUrl(node) : MY_ASSETS}
            params={node ? SUBTREE : undefined}
            columns={COLUMNS}
            actions={actions}
            reloadKey={onFavorites ? favorites.changes : 0}
            empty={onFavorites ? 'userviews.empty.favorites' : node ? 'userviews.empty.node' : 'userviews.empty.assets'}
          />
        </div>
      </div>
    </section>
  );
}

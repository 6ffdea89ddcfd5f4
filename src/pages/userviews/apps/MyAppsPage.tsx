import { useMemo } from 'react';
import { EngineStyle } from '../../../core/engine/EngineStyle.tsx';
import { SlButton } from '../../../core/engine/shoelace.ts';
import { useT } from '../../../core/i18n/index.ts';
import type { Row } from '../../../core/resource/adapters.ts';
import { lunaUrl } from '../api.ts';
import { GrantedTable, type GrantedColumn } from '../GrantedTable.tsx';
import { SystemUsersCell } from '../SystemUsersCell.tsx';
import { USER_PAGE_CSS } from '../styles.ts';
import { APP_KINDS, type AppKind } from './app-kinds.ts';
import '../i18n.ts';

/** One kind of granted apps (MyRemoteApps, MyDatebases, MyKubernetes): its table with system users. */
export function MyAppsPage({ kind, title }: { kind: AppKind; title: string }) {
  const t = useT();
  const def = APP_KINDS[kind];
  const columns: GrantedColumn[] = useMemo(
    () => [
      ...def.columns,
      {
        prop: 'system_users',
        title: 'userviews.columns.systemUsers',
        render: (row) => <SystemUsersCell url={def.systemUsersUrl(String(row.id))} />,
      },
    ],
    [def],
  );
  const connect = (row: Row) => (
    <SlButton
      size="small"
      variant="primary"
      className="connect"
      href={lunaUrl(String(row.id), def.lunaType)}
      target="_blank"
    >
      {t('userviews.connect')}
    </SlButton>
  );
  return (
    <section className={`engine-page list-page my-apps-page ${kind}`}>
      <EngineStyle />
      <style>{USER_PAGE_CSS}</style>
      <h2>{t(title)}</h2>
      <GrantedTable url={def.url} columns={columns} actions={connect} empty={def.empty} />
    </section>
  );
}

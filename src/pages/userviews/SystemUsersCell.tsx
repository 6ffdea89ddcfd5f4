import { useEffect, useState } from 'react';
import { useT } from '../../core/i18n/index.ts';
import { loadSystemUsers, type GrantedSystemUser } from './api.ts';
import './i18n.ts';

const label = (su: GrantedSystemUser) => (su.username ? `${su.name}(${su.username})` : su.name);

/** The system users the caller may log in as on one granted asset or app, fetched for its row. */
export function SystemUsersCell({ url }: { url: string }) {
  const t = useT();
  const [users, setUsers] = useState<GrantedSystemUser[] | null>(null);
  useEffect(() => {
    let live = true;
    loadSystemUsers(url).then(
      (list) => live && setUsers(list),
      () => live && setUsers([]),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (users === null) return <span className="system-users loading">…</span>;
  if (users.length === 0) return <span className="system-users none">{t('userviews.noSystemUsers')}</span>;
  return (
    <span className="system-users">
      {users.map((su) => (
        <span key={su.id} className="system-user" data-id={su.id}>
          {label(su)}
        </span>
      ))}
    </span>
  );
}

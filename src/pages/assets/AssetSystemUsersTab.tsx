import { useEffect, useState } from 'react';
import { http } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { limitOffsetAdapter, type Row } from '../../core/resource/adapters.ts';
import './i18n.ts';
import { RELATIONS_URL } from './system-user-relations.ts';

/** The system users linked to this asset (relation rows `{systemuser, systemuser_display}`). */
export function AssetSystemUsersTab({ object }: { object: Row; reload: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    let live = true;
    http.get(RELATIONS_URL.asset, { params: { asset: object.id, limit: 100, offset: 0 } }).then(
      (body) => live && setRows(limitOffsetAdapter.read(body).rows),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [object.id]);
  if (!rows) return null;
  return (
    <div className="card asset-system-users">
      <h3>{t('assets.tabs.systemUsers')}</h3>
      <div className="body">
        {rows.length === 0 && <p className="empty">{t('assets.systemUsers.empty')}</p>}
        <ul>
          {rows.map((row) => (
            <li key={String(row.id)} data-id={String(row.systemuser ?? row.id)}>
              <a href={`#/assets/system-users/${encodeURIComponent(String(row.systemuser ?? ''))}`}>
                {String(row.systemuser_display ?? row.systemuser ?? '')}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

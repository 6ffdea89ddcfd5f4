import { useEffect, useState } from 'react';
import { http } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { limitOffsetAdapter, type Row } from '../../core/resource/adapters.ts';
import { ASSET_PERMISSIONS } from './api.ts';
import './i18n.ts';

// "Granted users" of an asset: the valid permissions reaching it (directly or through a node above
// it: `asset_id` with the default `all=1`, §2.5), and for each the users it grants (direct and
// through groups: `<id>/users/all/`). One row per user, naming the permissions that grant them.

/** Permissions asked about at most; an asset named by more is listed by its first ones. */
const MAX_PERMISSIONS = 100;

interface Granted {
  user: string;
  name: string;
  permissions: string[];
}

async function grantedUsers(assetId: string): Promise<Granted[]> {
  const page = limitOffsetAdapter.read(
    await http.get(ASSET_PERMISSIONS, {
      params: { asset_id: assetId, is_valid: 1, limit: MAX_PERMISSIONS, offset: 0 },
    }),
  );
  const byUser = new Map<string, Granted>();
  await Promise.all(
    page.rows.map(async (permission) => {
      const users = limitOffsetAdapter.read(
        await http.get(`${ASSET_PERMISSIONS}${String(permission.id)}/users/all/`),
      ).rows;
      for (const row of users) {
        const id = String(row.user);
        const entry = byUser.get(id) ?? { user: id, name: String(row.user_display ?? id), permissions: [] };
        entry.permissions.push(String(permission.name));
        byUser.set(id, entry);
      }
    }),
  );
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function GrantedUsersTab({ object }: { object: Row; reload: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<Granted[] | null>(null);
  useEffect(() => {
    let live = true;
    grantedUsers(String(object.id)).then(
      (found) => live && setRows(found),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [object.id]);
  if (!rows) return null;
  return (
    <div className="card granted-users">
      <table className="engine-table">
        <thead>
          <tr>
            <th>{t('perms.column.user')}</th>
            <th>{t('perms.column.permission')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user} data-id={row.user}>
              <td data-prop="user">
                <a href={`#/users/users/${encodeURIComponent(row.user)}`}>{row.name}</a>
              </td>
              <td data-prop="permissions">{row.permissions.sort().join(', ')}</td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td className="empty" colSpan={2}>
                {t('perms.granted.noUsers')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

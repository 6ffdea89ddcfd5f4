import { useMemo } from 'react';
import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx';
import type { Row } from '../../core/resource/adapters.ts';
import { defineResource } from '../../core/resource/define.ts';
import { PERMS } from './api.ts';
import { lazyLabel } from './labels.ts';
import { readOnlyList } from './permission-common.tsx';
import './i18n.ts';

// "Granted remote apps / databases" of a user or a group (2.3's user detail tabs): the apps their
// valid app permissions reach (`/perms/users/<id>/<apps>/`, `/perms/user-groups/<id>/<apps>/`, §2.5).

const COLUMNS: Record<string, string[]> = {
  'remote-apps': ['name', 'get_type_display'],
  'database-apps': ['name', 'host', 'port', 'database'],
};

export function grantedAppsTab(owner: 'users' | 'user-groups', segment: 'remote-apps' | 'database-apps') {
  return function GrantedApps({ object }: { object: Row; reload: () => void }) {
    const resource = useMemo(
      () =>
        defineResource({
          name: 'GrantedApp',
          url: `${PERMS}${owner}/${encodeURIComponent(String(object.id))}/${segment}/`,
          path: '',
          routes: ['list'],
          list: readOnlyList(
            COLUMNS[segment],
            Object.fromEntries(COLUMNS[segment].map((column) => [column, lazyLabel(`perms.column.${column}`)])),
          ),
        }),
      [object.id],
    );
    return <EmbeddedList resource={resource} />;
  };
}

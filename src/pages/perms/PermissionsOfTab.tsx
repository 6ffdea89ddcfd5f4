import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx';
import type { Row } from '../../core/resource/adapters.ts';
import { assetPermissions } from './asset-permissions.resource.ts';

/**
 * The asset permissions that name this object (§2.5 `user_id` / `user_group_id`: with the default
 * `all=1` a user's list also holds those granting to their groups), in the permission list's engine.
 */
export function permissionsOfTab(param: 'user_id' | 'user_group_id' | 'asset_id') {
  return function PermissionsOf({ object }: { object: Row; reload: () => void }) {
    return <EmbeddedList resource={assetPermissions} fixed={{ [param]: String(object.id) }} />;
  };
}

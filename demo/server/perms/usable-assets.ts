// Our extension of the granted assets list (not in 2.3): `actions=<name>[,<name>…]` and `protocol=<name>`
// keep the assets on which one granted system user is of that protocol and holds every named action —
// what a terminal can open (`actions=connect&protocol=ssh`), listed in one call instead of one
// `…/system-users/` call per asset. The answer per asset is grantedSystemUsers' (same links, same
// rules), but computed for all assets at once: their nodes and protocols are read LOOKUP at a time, and
// assets reached through the same permissions with the same protocols share one decision. Asking
// system users one asset at a time cost ~35 µs an asset (40,000 assets: 1.4 s in one turn).
import { assetProtocolNodeKeys } from '../assets/asset-store.ts';
import { systemUserProtocols } from '../assets/system-user-store.ts';
import type { DB } from '../core/db/open.ts';
import { ACTION_BITS, type ActionName } from './actions.ts';
import { actionsOf, assetPermissions, linksOf, offeredProtocols, type GrantScope } from './grants.ts';
import { batches, runSliced, type Work } from './slices.ts';

interface Usable {
  mask: number;
  protocol: string | null;
}

const LOOKUP = 1000;

/** The filter a query asks for; null when it asks none; 'nothing' when it names an unknown action. */
function usableFilter(query: Record<string, unknown>): Usable | null | 'nothing' {
  // `actions=a,b` or `actions=a&actions=b`: every name must be held.
  const actions = [query.actions]
    .flat()
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  const protocol = typeof query.protocol === 'string' && query.protocol ? query.protocol : null;
  if (!actions.length && !protocol) return null;
  if (actions.some((name) => !Object.hasOwn(ACTION_BITS, name))) return 'nothing';
  return { mask: actions.reduce((mask, name) => mask | ACTION_BITS[name as ActionName], 0), protocol };
}

/** `ids` (granted to the scope) narrowed to the usable ones when the query asks; order kept. */
export async function usableAssetIds(
  db: DB,
  scope: GrantScope,
  ids: string[],
  query: Record<string, unknown>,
): Promise<string[]> {
  const filter = usableFilter(query);
  if (filter === null) return ids;
  if (filter === 'nothing') return [];
  return runSliced(keepUsable(db, scope, ids, filter));
}

function* keepUsable(db: DB, scope: GrantScope, ids: string[], filter: Usable): Work<string[]> {
  const links = linksOf(db, scope);
  const systemUsers = [...new Set([...links.systemUsers.values()].flat())];
  const protocolOf = new Map(systemUserProtocols(db, systemUsers));
  const decided = new Map<string, boolean>();
  const out: string[] = [];
  yield;
  for (const batch of batches(ids, LOOKUP)) {
    const assets = new Map<string, { protocols: string; keys: string[] }>();
    for (const [id, protocols, key] of assetProtocolNodeKeys(db, batch)) {
      const asset = assets.get(id) ?? { protocols, keys: [] };
      if (key !== null) asset.keys.push(key);
      assets.set(id, asset);
    }
    for (const id of batch) {
      const asset = assets.get(id);
      if (!asset) continue;
      const permissions = [...assetPermissions(links, id, asset.keys)].sort();
      const signature = `${asset.protocols}|${permissions.join(',')}`;
      let usable = decided.get(signature);
      if (usable === undefined) {
        const offered = offeredProtocols(asset.protocols);
        usable = [...actionsOf(links, permissions)].some(([systemUser, actions]) => {
          const protocol = protocolOf.get(systemUser);
          return (
            protocol !== undefined &&
            offered.has(protocol) &&
            (filter.protocol === null || protocol === filter.protocol) &&
            (actions & filter.mask) === filter.mask
          );
        });
        decided.set(signature, usable);
      }
      if (usable) out.push(id);
    }
    yield;
  }
  return out;
}

import { useEffect, useState } from 'react';
import { loadFavorites } from '../../userviews/api.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The user's favourite asset ids, read again on each `reloadKey`, for a read-only mark: the list
 * stars nothing (a portal token may not write), the user page does. Unreadable means no marks.
 */
export function useFavoriteIds(enabled: boolean, reloadKey: unknown): ReadonlySet<string> {
  const [ids, setIds] = useState(NONE);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadFavorites().then(
      (found) => live && setIds(found),
      () => live && setIds(NONE),
    );
    return () => {
      live = false;
    };
  }, [enabled, reloadKey]);
  return ids;
}

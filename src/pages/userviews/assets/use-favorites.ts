import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../../core/i18n/index.ts';
import { toast } from '../../../core/stores/notify.ts';
import { addFavorite, loadFavorites, removeFavorite } from '../api.ts';

/**
 * The caller's favourite assets and the star toggle. `changes` counts successful toggles, so the
 * tree (its favourites count) and a table showing the favourites node can reload.
 */
export function useFavorites() {
  const t = useT();
  const [ids, setIds] = useState<Set<string>>(new Set());
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    loadFavorites().then(setIds, () => setIds(new Set()));
  }, []);

  const toggle = useCallback(
    async (assetId: string) => {
      const starred = ids.has(assetId);
      // A refusal was already shown by the HTTP client; the star then stays as it was.
      const saved = await (starred ? removeFavorite(assetId) : addFavorite(assetId)).then(
        () => true,
        () => false,
      );
      if (!saved) return;
      setIds((old) => {
        const next = new Set(old);
        if (starred) next.delete(assetId);
        else next.add(assetId);
        return next;
      });
      setChanges((n) => n + 1);
      toast.success(t(starred ? 'userviews.unstarred' : 'userviews.starred'));
    },
    [ids, t],
  );

  return { ids, toggle, changes };
}

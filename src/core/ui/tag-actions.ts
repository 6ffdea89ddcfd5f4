import { useLocation } from 'wouter';
import { normalizePath } from '../routes.ts';
import { delAllViews, delOthersViews, delView, type TagView } from '../stores/tags.ts';

/** Tab commands with Lina's navigation rules (closing the active tab moves to the last one). */
export function useTagActions() {
  const [location, navigate] = useLocation();
  const isActive = (view: TagView) => normalizePath(view.path) === normalizePath(location);

  const toLastView = (left: TagView[], closed: TagView) => {
    const latest = left[left.length - 1];
    if (latest) navigate(latest.fullPath);
    // The Dashboard is reloaded in place rather than left for the root redirect.
    else if (closed.name === 'dashboard') navigate(`/redirect${closed.fullPath}`, { replace: true });
    else navigate('/');
  };

  return {
    refresh: (view: TagView) => navigate(`/redirect${view.fullPath}`, { replace: true }),
    close: (view: TagView) => {
      const left = delView(view);
      if (isActive(view)) toLastView(left, view);
    },
    closeOthers: (view: TagView) => {
      if (!isActive(view)) navigate(view.fullPath);
      delOthersViews(view);
    },
    closeAll: (view: TagView) => {
      const left = delAllViews();
      if (left.some((kept) => isActive(kept))) return;
      toLastView(left, view);
    },
  };
}

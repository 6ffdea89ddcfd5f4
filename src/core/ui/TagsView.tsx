import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type WheelEvent } from 'react';
import { useLocation } from 'wouter';
import { TAB_SCROLL_PADDING } from '../config.ts';
import { useT } from '../i18n/index.ts';
import { $routes, flattenRoutes, normalizePath } from '../routes.ts';
import { $visitedViews, addView, type TagView } from '../stores/tags.ts';
import { TagsMenu, type MenuPosition } from './TagsMenu.tsx';
import { useTagActions } from './tag-actions.ts';
import { useConsoleLocation } from './hash-location.ts';
import './i18n.ts';

/** Affix routes (the Dashboard) get their tab up-front and keep it (Lina's initTags). */
function useAffixTags(): void {
  const routes = useStore($routes);
  useEffect(() => {
    for (const route of flattenRoutes(routes)) {
      if (!route.meta?.affix || !route.name) continue;
      const path = route.fullPath;
      addView({ path, fullPath: path, name: route.name, query: {}, title: route.meta.title, meta: { ...route.meta } });
    }
  }, [routes]);
}

/** Scrolls the bar (only as far as needed) so the tab shows whole, with the spec's padding beside it. */
function scrollToTab(bar: HTMLElement, tab: HTMLElement): void {
  const start = tab.offsetLeft - TAB_SCROLL_PADDING;
  const end = tab.offsetLeft + tab.offsetWidth + TAB_SCROLL_PADDING;
  if (start < bar.scrollLeft) bar.scrollLeft = Math.max(0, start);
  else if (end > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = end - bar.clientWidth;
}

export function TagsView() {
  const views = useStore($visitedViews);
  const [location, navigate] = useLocation();
  const [menu, setMenu] = useState<{ view: TagView; at: MenuPosition } | null>(null);
  const actions = useTagActions();
  const t = useT();
  useAffixTags();

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    window.addEventListener('click', close);
    return () => window.removeEventListener('click', close);
  }, [menu]);

  const isActive = (view: TagView) => normalizePath(view.path) === normalizePath(location);
  const bar = useRef<HTMLDivElement>(null);
  // The bar scrolls sideways instead of growing past the page; the active tab is kept in view.
  // After the frame is drawn: measuring in the effect forced a layout of the whole page before its
  // first paint (61 ms of a cold load's profile), and the tab is in view on a first screen anyway.
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        const active = bar.current?.querySelector<HTMLElement>('.tag.active');
        if (bar.current && active) scrollToTab(bar.current, active);
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [location, views]);
  // A mouse wheel scrolls the bar sideways, as the spec's tag view does.
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaY) event.currentTarget.scrollLeft += event.deltaY;
  };
  const onMouseUp = (view: TagView) => (event: MouseEvent) => {
    if (event.button === 1 && !view.meta.affix) actions.close(view); // middle click
  };
  const onContextMenu = (view: TagView) => (event: MouseEvent) => {
    event.preventDefault();
    setMenu({ view, at: { left: event.clientX, top: event.clientY } });
  };
  // The keyboard's way to the same menu: the menu key, or Shift+F10, on a tab.
  const onKeyDown = (view: TagView) => (event: KeyboardEvent) => {
    if (event.key !== 'ContextMenu' && !(event.key === 'F10' && event.shiftKey)) return;
    event.preventDefault();
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    setMenu({ view, at: { left: box.left, top: box.bottom } });
  };

  return (
    <nav className="tags-view" ref={bar} onWheel={onWheel} part="tabs" aria-label={t('ui.tags.label')}>
      {views.map((view) => (
        <span
          key={view.path}
          className={isActive(view) ? 'tag active' : 'tag'}
          data-path={view.path}
          onClick={() => navigate(view.fullPath)}
          onMouseUp={onMouseUp(view)}
          onContextMenu={onContextMenu(view)}
        >
          {/* The link is what Tab reaches and Enter opens; the tab around it takes the click. */}
          <a
            className="tag-link"
            href={useConsoleLocation.hrefs(view.fullPath)}
            aria-current={isActive(view) ? 'page' : undefined}
            onClick={(event) => event.preventDefault()}
            onAuxClick={(event) => event.preventDefault()}
            onKeyDown={onKeyDown(view)}
          >
            {t(view.title)}
          </a>
          {!view.meta.affix && (
            <button
              type="button"
              className="close"
              aria-label={`${t('common.close')} ${t(view.title)}`}
              onClick={(event) => {
                event.stopPropagation();
                actions.close(view);
              }}
            >
              ×
            </button>
          )}
        </span>
      ))}
      {menu && <TagsMenu view={menu.view} at={menu.at} onDone={() => setMenu(null)} />}
    </nav>
  );
}

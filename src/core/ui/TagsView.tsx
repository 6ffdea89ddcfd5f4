import { useStore } from '@nanostores/react'
import { useEffect, useState, type MouseEvent } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../i18n/index.ts'
import { $routes, flattenRoutes, normalizePath } from '../routes.ts'
import { $visitedViews, addView, type TagView } from '../stores/tags.ts'
import { TagsMenu, type MenuPosition } from './TagsMenu.tsx'
import { useTagActions } from './tag-actions.ts'

/** Affix routes (the Dashboard) get their tab up-front and keep it (Lina's initTags). */
function useAffixTags(): void {
  const routes = useStore($routes)
  useEffect(() => {
    for (const route of flattenRoutes(routes)) {
      if (!route.meta?.affix || !route.name) continue
      const path = route.fullPath
      addView({ path, fullPath: path, name: route.name, query: {}, title: route.meta.title, meta: { ...route.meta } })
    }
  }, [routes])
}

export function TagsView() {
  const views = useStore($visitedViews)
  const [location, navigate] = useLocation()
  const [menu, setMenu] = useState<{ view: TagView; at: MenuPosition } | null>(null)
  const actions = useTagActions()
  const t = useT()
  useAffixTags()

  useEffect(() => {
    if (!menu) return
    const close = () => setMenu(null)
    window.addEventListener('click', close)
    return () => window.removeEventListener('click', close)
  }, [menu])

  const isActive = (view: TagView) => normalizePath(view.path) === normalizePath(location)
  const onMouseUp = (view: TagView) => (event: MouseEvent) => {
    if (event.button === 1 && !view.meta.affix) actions.close(view) // middle click
  }
  const onContextMenu = (view: TagView) => (event: MouseEvent) => {
    event.preventDefault()
    setMenu({ view, at: { left: event.clientX, top: event.clientY } })
  }

  return (
    <div className="tags-view">
      {views.map((view) => (
        <span
          key={view.path}
          className={isActive(view) ? 'tag active' : 'tag'}
          data-path={view.path}
          role="link"
          onClick={() => navigate(view.fullPath)}
          onMouseUp={onMouseUp(view)}
          onContextMenu={onContextMenu(view)}
        >
          {t(view.title)}
          {!view.meta.affix && (
            <button
              type="button"
              className="close"
              aria-label={t('common.close')}
              onClick={(event) => {
                event.stopPropagation()
                actions.close(view)
              }}
            >
              ×
            </button>
          )}
        </span>
      ))}
      {menu && <TagsMenu view={menu.view} at={menu.at} onDone={() => setMenu(null)} />}
    </div>
  )
}

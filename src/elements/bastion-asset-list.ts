import { createElement, useLayoutEffect, useRef } from 'react'
import { LOGIN_PATH } from '../core/config.ts'
import { COOKIE, getCookie } from '../core/cookies.ts'
import { apiUrl, setApiBase } from '../core/http.ts'
import { useT } from '../core/i18n/index.ts'
import type { Row } from '../core/resource/adapters.ts'
import { $currentOrg, readOrgCookie } from '../core/stores/org.ts'
import { $profile } from '../core/stores/session.ts'
import { AssetBrowser, sendAssetBrowserEarly } from '../pages/assets/browser/AssetBrowser.tsx'
import { useEmbeddedSession } from '../pages/assets/browser/embedded-session.ts'
import { useHostFlag } from '../pages/assets/browser/host-flag.ts'
import { defineElement, emit } from './define.ts'

export interface BastionAssetListProps {
  /** Where the API lives when not on this origin (default: same origin). */
  apiBase?: string
  /** Org id to list; default the user's current org. */
  org?: string
  /** Node id the tree starts on. */
  node?: string
  pageSize?: number
}

// The asset tree + table for any page: no router, no shell, no other section's texts, no xterm.
function BastionAssetList({ apiBase, org, node, pageSize }: BastionAssetListProps) {
  if (apiBase !== undefined) setApiBase(apiBase)
  const t = useT()
  const root = useRef<HTMLDivElement>(null)
  // A signed-in browser (it has a csrftoken cookie) gets the tree and the first page asked while
  // the session is checked, when it already knows the org the session will pick: the page's
  // current or saved org (without one the session picks the first allowed org, known only from
  // the profile; an `org` attribute may name one the user may not see). Before the session's
  // passive effect, so these calls leave first.
  useLayoutEffect(() => {
    const orgKnown = org === undefined && ($currentOrg.get() ?? readOrgCookie()) !== null
    if (orgKnown && !$profile.get() && getCookie(COOKIE.csrftoken)) sendAssetBrowserEarly({ node, pageSize })
  }, []) // the first screen only
  const session = useEmbeddedSession(org)
  // `selectable` is an HTML boolean attribute (present = on), read from the host element.
  const selectable = useHostFlag(root, 'selectable')
  const send = (type: string, detail: unknown) => root.current && emit(root.current, type, detail)

  if (session === 'anonymous') {
    // The host page stays put: a link, not a redirect.
    const href = `${apiUrl(LOGIN_PATH)}?next=${encodeURIComponent(window.location.href)}`
    return createElement('div', { ref: root, className: 'sign-in' },
      createElement('p', null, t('assets.signIn.prompt')),
      createElement('a', { href, className: 'sign-in-link' }, t('assets.signIn.link')))
  }
  return createElement('div', { ref: root, className: 'bastion-asset-list' }, session === 'ready' && createElement(AssetBrowser, {
    key: org ?? '', node, pageSize, selectable,
    onSelect: (rows: Row[]) => send('asset-select', rows),
    onOpen: (row: Row) => send('asset-open', row),
  }))
}

defineElement('bastion-asset-list', BastionAssetList, {
  props: { apiBase: 'string', org: 'string', node: 'string', pageSize: 'number' },
})

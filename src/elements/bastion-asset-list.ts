import { createElement, useRef } from 'react'
import { setApiBase } from '../core/http.ts'
import { useT } from '../core/i18n/index.ts'
import type { Row } from '../core/resource/adapters.ts'
import { AssetBrowser } from '../pages/assets/browser/AssetBrowser.tsx'
import { signInPrompt } from '../core/ui/sign-in-prompt.ts'
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
  const session = useEmbeddedSession(org)
  // `selectable` is an HTML boolean attribute (present = on), read from the host element.
  const selectable = useHostFlag(root, 'selectable')
  const send = (type: string, detail: unknown) => root.current && emit(root.current, type, detail)

  if (session === 'anonymous') return signInPrompt({ prompt: t('assets.signIn.prompt'), link: t('assets.signIn.link') }, { ref: root })
  return createElement('div', { ref: root, className: 'bastion-asset-list' }, session === 'ready' && createElement(AssetBrowser, {
    key: org ?? '', node, pageSize, selectable,
    onSelect: (rows: Row[]) => send('asset-select', rows),
    onOpen: (row: Row) => send('asset-open', row),
  }))
}

defineElement('bastion-asset-list', BastionAssetList, {
  props: { apiBase: 'string', org: 'string', node: 'string', pageSize: 'number' },
})

import { createElement, useEffect } from 'react'
import { setApiBase } from '../core/http.ts'
import { useT } from '../core/i18n/index.ts'
import { hardNavigate } from '../core/navigation.ts'
import { shoelaceThemeSheets } from '../core/ui/shoelace-theme.ts'
import { embeddedLoginHref, signInPrompt } from '../core/ui/sign-in-prompt.ts'
import { useEmbeddedSession } from '../pages/assets/browser/embedded-session.ts'
import { WebTerminalPage } from '../pages/webterminal/WebTerminalPage.tsx'
import '../pages/webterminal/i18n.ts'
import { defineElement } from './define.ts'

export interface BastionWebTerminalProps {
  /** Where the API (and the terminal socket) lives when not on this origin (default: same origin). */
  apiBase?: string
  /** Asset id to connect to (`/luna/?login_to=`); the server page sets it from its address. */
  loginTo?: string
  /** `type` of an application's Connect link; the web terminal connects to assets only. */
  appType?: string
}

const onTerminalPage = () => window.location.pathname.startsWith('/luna')

/** The web terminal page (`/luna/`): the user's granted assets, their system users, a full-window xterm. */
function BastionWebTerminal({ apiBase, loginTo, appType }: BastionWebTerminalProps) {
  if (apiBase !== undefined) setApiBase(apiBase)
  const t = useT()
  const session = useEmbeddedSession(undefined)
  const here = window.location.pathname + window.location.search
  const href = embeddedLoginHref(onTerminalPage() ? here : window.location.href)
  useEffect(() => {
    // On its own page a signed-out user signs in and comes back; in a host page there is only the link.
    if (session === 'anonymous' && onTerminalPage()) hardNavigate(href)
  }, [session, href])
  if (session === 'anonymous') return signInPrompt({ prompt: t('webterm.signIn.prompt'), link: t('webterm.signIn.link') }, { href })
  return session === 'ready' ? createElement(WebTerminalPage, { loginTo, appType }) : null
}

defineElement('bastion-web-terminal', BastionWebTerminal, {
  props: { apiBase: 'string', loginTo: 'string', appType: 'string' },
  styleSheets: shoelaceThemeSheets,
})

import { createElement, type ReactElement, type Ref } from 'react'
import { LOGIN_PATH } from '../config.ts'
import { apiUrl } from '../http.ts'

/** The login form of the API's server, coming back to `next` (by default this very page) once signed in. */
export function embeddedLoginHref(next: string = window.location.href): string {
  return `${apiUrl(LOGIN_PATH)}?next=${encodeURIComponent(next)}`
}

/**
 * What an embedded element draws when nobody is signed in: a prompt and a link to the login form. The
 * host page stays put: a link, not a redirect.
 */
export function signInPrompt(texts: { prompt: string; link: string }, options: { href?: string; ref?: Ref<HTMLDivElement> } = {}): ReactElement {
  return createElement('div', { ref: options.ref, className: 'sign-in' },
    createElement('p', null, texts.prompt),
    createElement('a', { href: options.href ?? embeddedLoginHref(), className: 'sign-in-link' }, texts.link))
}

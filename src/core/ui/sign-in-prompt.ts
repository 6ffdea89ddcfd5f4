import { createElement, type ReactElement, type Ref } from 'react';
import { LOGIN_PATH } from '../config.ts';
import { apiUrl } from '../http.ts';
import { nextFor } from '../navigation.ts';
import { $portalClient } from '../portal-auth.ts';
import { PortalSignInButton } from './PortalSignInButton.tsx';

/**
 * The login form of the API's server, coming back to `next` (by default this very page) once signed
 * in. On this origin `next` is the page's path: the server takes only a path there (a full URL could
 * be an open redirect, and was dropped).
 */
export function embeddedLoginHref(next: string = window.location.href): string {
  const login = new URL(apiUrl(LOGIN_PATH), window.location.href);
  return `${apiUrl(LOGIN_PATH)}?next=${encodeURIComponent(nextFor(next, login.origin))}`;
}

/**
 * What an embedded element draws when nobody is signed in: a prompt and a link to the login form. The
 * host page stays put: a link, not a redirect. On a portal with a `client-id`, a button opening the
 * popup sign-in instead (portal-sign-in.ts).
 */
export function signInPrompt(
  texts: { prompt: string; link: string },
  options: { href?: string; ref?: Ref<HTMLDivElement> } = {},
): ReactElement {
  return createElement(
    'div',
    { ref: options.ref, className: 'sign-in', role: 'alert' },
    createElement('p', null, texts.prompt),
    $portalClient.get()
      ? createElement(PortalSignInButton, { label: texts.link })
      : createElement('a', { href: options.href ?? embeddedLoginHref(), className: 'sign-in-link' }, texts.link),
  );
}

/** What an element draws when a call failed: "not allowed" for a 403, else the failure itself. */
export function failureNotice(
  message: string,
  options: { ref?: Ref<HTMLDivElement>; className?: string } = {},
): ReactElement {
  return createElement(
    'div',
    { ref: options.ref, className: `element-message ${options.className ?? ''}`.trim(), role: 'alert' },
    message,
  );
}

import { createElement, useEffect, useRef, type ReactElement } from 'react';
import type { BastionAuthRequiredDetail } from '../core/element-types.ts';
import { apiIsCrossOrigin, apiUrl } from '../core/http.ts';
import type { TFunction } from '../core/i18n/index.ts';
import { hardNavigate } from '../core/navigation.ts';
import { emit } from '../core/ui/host-events.ts';
import { embeddedLoginHref, signInPrompt } from '../core/ui/sign-in-prompt.ts';
import { useEmbeddedSession } from '../pages/assets/browser/embedded-session.ts';

/**
 * The session of an element that is also a page of its own (the web terminal at /luna/, the file
 * manager at /koko/elfinder/). Signed out on its own page, the user goes to sign in and comes back; in a
 * host page the element shows a sign-in prompt and fires bastion-auth-required: the host decides.
 * `signedOut` is what to draw instead of the page, when nobody is signed in.
 */
export function usePageSession(
  ownPage: boolean,
  texts: { prompt: string; link: string },
): {
  session: ReturnType<typeof useEmbeddedSession>;
  signedOut: ReactElement | null;
} {
  const prompt = useRef<HTMLDivElement>(null);
  const session = useEmbeddedSession(undefined, { ownsPage: ownPage });
  const here = window.location.pathname + window.location.search;
  const href = embeddedLoginHref(ownPage ? here : window.location.href);
  useEffect(() => {
    if (session !== 'anonymous') return;
    if (ownPage) hardNavigate(href);
    else
      emit<BastionAuthRequiredDetail>(prompt.current, 'bastion-auth-required', {
        reason: 'no-session',
        loginUrl: href,
      });
  }, [session, href, ownPage]);
  return { session, signedOut: session === 'anonymous' ? signInPrompt(texts, { href, ref: prompt }) : null };
}

/**
 * What an element that is a page of the bastion draws in a host page on another origin: the file manager's
 * and the web terminal's calls ride on the bastion's own signed-in session (signed proxy requests, a socket
 * upgrade checked against the bastion's origin), which no portal token opens. They offer to open on the
 * bastion instead, in a new tab where its own sign-in applies. Null on the bastion's origin.
 */
export function opensOnBastion(path: string, t: TFunction): ReactElement | null {
  if (!apiIsCrossOrigin()) return null;
  return createElement(
    'div',
    { className: 'sign-in', role: 'note' },
    createElement('p', null, t('element.elsewhere.prompt')),
    createElement(
      'a',
      { href: apiUrl(path), target: '_blank', rel: 'noopener', className: 'sign-in-link' },
      t('element.elsewhere.link'),
    ),
  );
}

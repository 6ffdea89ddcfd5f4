import { createElement } from 'react';
// BastionAuthRequiredDetail is named in the @fires JSDoc below, which editors and the element manifest read.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { BastionAuthRequiredDetail, BastionTheme } from '../core/element-types.ts';
import { setApiBase } from '../core/http.ts';
import { useT } from '../core/i18n/index.ts';
import { shoelaceThemeSheets } from '../core/ui/shoelace-theme.ts';
import { WebTerminalPage } from '../pages/webterminal/WebTerminalPage.tsx';
import '../pages/webterminal/i18n.ts';
import { opensOnBastion, usePageSession } from './page-sign-in.ts';
import { defineElement, elementClass, type CommonProps } from './define.ts';

export interface BastionWebTerminalProps extends CommonProps {
  apiBase?: string;
  loginTo?: string;
  appType?: string;
}

const onTerminalPage = () => window.location.pathname.startsWith('/luna');

/** The bastion's own web terminal page for the same asset or app. */
function terminalPage(loginTo: string | undefined, appType: string | undefined): string {
  const query = new URLSearchParams();
  if (appType) query.set('type', appType);
  if (loginTo) query.set('login_to', loginTo);
  return `/luna/${query.size ? `?${query}` : ''}`;
}

/** The web terminal page (`/luna/`): the user's granted assets, their system users, a full-window xterm. */
function BastionWebTerminal({ apiBase, loginTo, appType }: BastionWebTerminalProps) {
  if (apiBase !== undefined) setApiBase(apiBase);
  const t = useT();
  const { session, signedOut } = usePageSession(onTerminalPage(), {
    prompt: t('webterm.signIn.prompt'),
    link: t('webterm.signIn.link'),
  });
  const elsewhere = opensOnBastion(terminalPage(loginTo, appType), t);
  if (elsewhere) return elsewhere;
  if (signedOut) return signedOut;
  return session === 'ready' ? createElement(WebTerminalPage, { loginTo, appType }) : null;
}

/**
 * The web terminal (the page `/luna/`): the user's granted assets to pick from, the system user to
 * connect as, then a terminal over the web socket to the terminal component. On `/luna/` a signed-out
 * visitor is sent to sign in and back; in another page it shows a sign-in link instead.
 *
 * Keyboard: the terminal takes every key, Tab included (a shell completes with it). **Ctrl+]** leaves it:
 * focus moves to the bar under the terminal, which says so on screen and offers another asset; Tab then
 * goes on through the page, and a click or Shift+Tab returns to the terminal.
 *
 * @tag bastion-web-terminal
 * @summary The web terminal: asset and system-user pickers, then a terminal.
 *
 * @fires {CustomEvent<BastionAuthRequiredDetail>} bastion-auth-required - Nobody is signed in, in a host page (on `/luna/` it navigates to sign in).
 *
 * @csspart screen - The terminal.
 */
export class BastionWebTerminalElement extends elementClass(BastionWebTerminal, {
  props: { apiBase: 'string', loginTo: 'string', appType: 'string' },
  styleSheets: shoelaceThemeSheets,
}) {
  /**
   * Where the API (and the terminal socket) lives (default: this origin). The terminal works on the
   * bastion's origin only (its socket rides on the bastion's signed-in session): on another origin it shows
   * a link that opens the bastion's web terminal, for the same `login-to`, in a new tab instead.
   * @attr api-base
   */
  declare apiBase: string | undefined;

  /**
   * The id of the asset to connect to (`/luna/?login_to=`); without it, the user's granted assets are listed.
   * @attr login-to
   */
  declare loginTo: string | undefined;

  /**
   * The `type` of an application's Connect link; the web terminal connects to assets only.
   * @attr app-type
   */
  declare appType: string | undefined;

  /**
   * The language (`zh`, `en`, or a tag such as `zh-CN`); default: the host page's `<html lang>`.
   * @attr lang
   */
  declare lang: string;

  /**
   * `light`, `dark`, or `auto` (default: the system's `prefers-color-scheme`).
   * @attr theme
   */
  declare theme: BastionTheme | undefined;
}

defineElement('bastion-web-terminal', BastionWebTerminalElement);

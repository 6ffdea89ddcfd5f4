import { useStore } from '@nanostores/react';
import { createElement, useLayoutEffect } from 'react';
// The detail types are named in the @fires JSDoc below, which editors and the element manifest read.
/* eslint-disable @typescript-eslint/no-unused-vars */
import type {
  BastionAuthRequiredDetail,
  BastionErrorDetail,
  BastionNavigateDetail,
  BastionOrgChangeDetail,
  BastionTheme,
} from '../core/element-types.ts';
/* eslint-enable @typescript-eslint/no-unused-vars */
import { $documentLang, toLang } from '../core/i18n/document-lang.ts';
import { setApiBase } from '../core/http.ts';
import { isConsoleLocation } from '../core/navigation.ts';
import { setRouteTable } from '../core/routes.ts';
import { $lang } from '../core/stores/locale.ts';
import { ConsoleApp } from '../core/ui/ConsoleApp.tsx';
import { shoelaceThemeOnFirstUse } from '../core/ui/shoelace-theme-sheet.ts';
import { routeTable } from '../pages/routes.ts';
import { defineElement, elementClass, type CommonProps } from './define.ts';

export interface BastionConsoleProps extends CommonProps {
  apiBase?: string;
  router?: string;
  path?: string;
}

setRouteTable(routeTable);

// The standalone page is in the language the user chose (stored), whatever its <html lang> says: it
// says so before anything renders, so the console, which follows <html lang> like every element,
// and the page agree.
if (isConsoleLocation()) document.documentElement.lang = $lang.get() === 'zh' ? 'zh-CN' : 'en';

/** `memory` unless the router is named or the console is the standalone page (/ui/). */
const routerOf = (router: string | undefined) =>
  router === 'hash' || router === 'memory' ? router : isConsoleLocation() ? 'hash' : 'memory';

/** The whole console: guard, shell and every page. */
function BastionConsole({ apiBase, lang, router, path }: BastionConsoleProps) {
  // Before the guard's first call, which runs in a child effect (children's effects run first).
  if (apiBase !== undefined) setApiBase(apiBase);
  const mode = routerOf(router);
  const shown = toLang(lang) ?? toLang(useStore($documentLang));
  // The console's texts outside components (messages, server labels) follow its language too, without storing it.
  useLayoutEffect(() => {
    if (shown && (mode === 'memory' || lang)) $lang.set(shown);
  }, [shown, mode, lang]);
  return createElement(ConsoleApp, { key: mode, ownsPage: mode === 'hash' && isConsoleLocation(), router: mode, path });
}

/**
 * The whole console (sidebar, top bar, tabs and every page). On its own page (`/ui/`) it is the page:
 * the route lives in the address hash and signing in or out, or switching org, navigates. Placed in
 * another page it lives in its box: its height is the one the host gives it, nothing is fixed to the
 * window, the route lives in memory, and what would have moved the page becomes an event for the host.
 *
 * @tag bastion-console
 * @summary The whole admin console, standalone or contained in a host page.
 *
 * @fires {CustomEvent<BastionAuthRequiredDetail>} bastion-auth-required - Nobody is signed in (any more); the console shows a sign-in prompt. Embedded (`router="memory"`) only.
 * @fires {CustomEvent<BastionOrgChangeDetail>} bastion-org-change - The user switched org in the console; it started again in place. Embedded only.
 * @fires {CustomEvent<BastionNavigateDetail>} bastion-navigate - The console opened another page (memory routing).
 * @fires {CustomEvent<BastionErrorDetail>} bastion-error - A list could not load (a 403 among others); the list says so too.
 * @fires {CustomEvent<unknown>} error - Deprecated: use `bastion-error`. A list could not load; detail: the failure as thrown (it does not bubble out of the element).
 *
 * @slot navbar - Items of the host's own placed in the top bar, before the Help menu.
 *
 * @csspart sidebar - The menu column.
 * @csspart navbar - The top bar.
 * @csspart tabs - The strip of open pages.
 * @csspart main - Everything right of the sidebar.
 * @csspart toolbar - A list's toolbar (create, search, refresh).
 * @csspart table - A list's table.
 * @csspart pager - A list's pager.
 */
export class BastionConsoleElement extends elementClass(BastionConsole, {
  props: { apiBase: 'string', router: 'string', path: 'string' },
  styleSheets: shoelaceThemeOnFirstUse,
}) {
  /**
   * Where the API lives when not on this origin (default: same origin).
   * @attr api-base
   */
  declare apiBase: string | undefined;

  /**
   * `hash`: the route lives in the address hash and the console may move the page (the standalone
   * page). `memory`: the route lives in memory and the host's address is never touched. Default:
   * `hash` on `/ui/`, `memory` anywhere else.
   * @attr router
   */
  declare router: 'hash' | 'memory' | undefined;

  /**
   * The page to show with the memory router, e.g. `/users/users/`; setting it later opens that page.
   * @attr path
   */
  declare path: string | undefined;

  /**
   * The language (`zh`, `en`, or a tag such as `zh-CN`); default: the host page's `<html lang>`, else the user's choice.
   * @attr lang
   */
  declare lang: string;

  /**
   * `light`, `dark`, or `auto` (default: the system's `prefers-color-scheme`).
   * @attr theme
   */
  declare theme: BastionTheme | undefined;
}

defineElement('bastion-console', BastionConsoleElement);

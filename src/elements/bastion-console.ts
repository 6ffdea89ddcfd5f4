import { createElement, useLayoutEffect } from 'react'
import { setApiBase } from '../core/http.ts'
import { isConsoleLocation } from '../core/navigation.ts'
import { setRouteTable } from '../core/routes.ts'
import { $lang, type Lang } from '../core/stores/locale.ts'
import { ConsoleApp } from '../core/ui/ConsoleApp.tsx'
import { shoelaceThemeSheets } from '../core/ui/shoelace-theme.ts'
import { routeTable } from '../pages/routes.ts'
import { defineElement } from './define.ts'

export interface BastionConsoleProps {
  /** Where the API lives when not on this origin (default: same origin). */
  apiBase?: string
  /** Forces the language for this page without storing the choice. */
  lang?: string
}

setRouteTable(routeTable)

const isLang = (value: string | undefined): value is Lang => value === 'zh' || value === 'en'

/** The whole console: guard, shell and every page, behind `<bastion-console>`. */
function BastionConsole({ apiBase, lang }: BastionConsoleProps) {
  // Before the guard's first call, which runs in a child effect (children's effects run first).
  if (apiBase !== undefined) setApiBase(apiBase)
  useLayoutEffect(() => {
    if (isLang(lang)) $lang.set(lang)
  }, [lang])
  return createElement(ConsoleApp, { ownsPage: isConsoleLocation() })
}

defineElement('bastion-console', BastionConsole, {
  props: { apiBase: 'string', lang: 'string' },
  styleSheets: shoelaceThemeSheets,
})

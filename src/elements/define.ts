import r2wc from '@r2wc/react-to-web-component'
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js'
import { createElement, type ComponentType } from 'react'
import { consoleStyleSheet } from '../core/ui/styles.ts'
import { ErrorBoundary } from '../core/ui/ErrorBoundary.tsx'

// The only module that turns React components into custom elements (STYLE.md "Elements").

type PropType = 'string' | 'number' | 'boolean' | 'json'

export interface DefineOptions<P> {
  /** Inputs: attribute (kebab-case) → camelCase prop, with how the attribute text is parsed. */
  props?: Partial<Record<Extract<keyof P, string>, PropType>>
  /** Sheets adopted before the console's own, e.g. Shoelace's theme for elements that draw Shoelace. */
  styleSheets?: () => CSSStyleSheet[]
}

// Icons are copied next to the bundle (dist/shoelace/assets/icons/), see scripts/build/shoelace-icons.mjs.
setBasePath(new URL('./shoelace/', import.meta.url).href)

function adoptStyles(root: ShadowRoot, extra: CSSStyleSheet[]): void {
  root.adoptedStyleSheets = [...extra, consoleStyleSheet()]
}

/** Defines `tag` unless some bundle on the page already did (two copies would fight over it). */
export function defineElement<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  options: DefineOptions<P> = {},
): void {
  if (customElements.get(tag)) return
  const Guarded = (props: P) => createElement(ErrorBoundary, null, createElement(Component, props))
  Guarded.displayName = `Guarded(${Component.displayName ?? Component.name})`
  const Base = r2wc(Guarded, { shadow: 'open', props: options.props ?? {} } as never)
  class Element extends Base {
    constructor() {
      super()
      if (this.shadowRoot) adoptStyles(this.shadowRoot, options.styleSheets?.() ?? [])
    }
  }
  customElements.define(tag, Element)
}

/** Outputs leave the element as DOM events that cross shadow boundaries. */
export function emit<T>(from: Element, type: string, detail: T): void {
  from.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
}

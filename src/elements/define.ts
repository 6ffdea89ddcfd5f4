import r2wc from '@r2wc/react-to-web-component';
import { useStore } from '@nanostores/react';
import { createElement, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { ownsPage } from '../core/embedding.ts';
import { $documentLang, langTag, toLang } from '../core/i18n/document-lang.ts';
import { LangContext, pinLanguage } from '../core/i18n/index.ts';
import { $lang } from '../core/stores/locale.ts';
import { ErrorBoundary } from '../core/ui/ErrorBoundary.tsx';
import { consoleStyleSheet } from '../core/ui/styles.ts';
import { isDark, shoelaceDarkSheet } from '../core/ui/theme.ts';

export { emit } from '../core/ui/host-events.ts';

// The only module that turns React components into custom elements (STYLE.md "Elements"). r2wc mounts
// the component; the attribute and property handling is ours, because r2wc's drops an empty or removed
// attribute (`selectable`, `org` taken away) and reflects booleans as "true"/"false" text.

// `secret`: a string never reflected to an attribute when set as a property (a token: attributes are
// visible to every script and selector of the page). `boolean-or-number`: a count that may also be
// on or off (`loop`, `loop="3"`, `loop="false"`), read as true, false or the number.
type PropType = 'string' | 'number' | 'boolean' | 'json' | 'secret' | 'boolean-or-number';

export interface DefineOptions<P> {
  /** Inputs: attribute (kebab-case) ↔ camelCase property, with how the attribute text is read. */
  props?: Partial<Record<Extract<keyof P, string>, PropType>>;
  /** Sheets adopted before the console's own, e.g. Shoelace's theme for elements that draw Shoelace. */
  styleSheets?: () => CSSStyleSheet[];
}

/** Inputs every element takes besides its own. */
export interface CommonProps {
  /** Language of the element (`zh`, `en`, or a tag such as `zh-CN`); default: the host page's `<html lang>`. */
  lang?: string;
  /** `light`, `dark` or `auto` (the default: the system's preference). */
  theme?: string;
}

const COMMON: Record<keyof CommonProps, PropType> = { lang: 'string', theme: 'string' };
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

type R2wcElement = HTMLElement & { [PROPS]: Record<string, unknown>; [RENDER](): void };

const kebab = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

function parse(type: PropType, text: string | null): unknown {
  if (type === 'boolean') return text !== null && text !== 'false';
  if (type === 'boolean-or-number') {
    const count = Number(text);
    return text !== null && text.trim() !== '' && Number.isFinite(count) ? count : text !== null && text !== 'false';
  }
  if (text === null || text.trim() === '') return undefined;
  if (type === 'number') {
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  }
  if (type === 'json') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

/** What the attribute says for a property value: null removes it. */
function attributeText(type: PropType, value: unknown): string | null {
  if (type === 'boolean' || (type === 'boolean-or-number' && typeof value !== 'number')) return value ? '' : null;
  return value === undefined || value === null || value === '' ? null : String(value);
}

const shoelaceHosts = new Set<HTMLElement>();
let darkWatch: MediaQueryList | undefined;

/** Elements drawing Shoelace take its dark theme too, the first time they are dark. */
function followDark(host: HTMLElement, root: ShadowRoot): void {
  if (!isDark(host)) return;
  void shoelaceDarkSheet().then((sheet) => {
    const sheets = root.adoptedStyleSheets;
    if (!sheets.includes(sheet)) root.adoptedStyleSheets = [...sheets.slice(0, -1), sheet, ...sheets.slice(-1)];
  });
}

function watchDark(): void {
  if (darkWatch) return;
  darkWatch = window.matchMedia('(prefers-color-scheme: dark)');
  darkWatch.addEventListener('change', () => {
    for (const host of shoelaceHosts) if (host.shadowRoot) followDark(host, host.shadowRoot);
  });
}

/** The element's language: its attribute, else the host page's <html lang>, else the page's own (undefined). */
function useElementLang(attribute: string | undefined) {
  const page = useStore($documentLang);
  const shown = useStore($lang);
  const lang = toLang(attribute) ?? toLang(page);
  useEffect(() => (lang ? pinLanguage(lang) : undefined), [lang]);
  // In a host page of its own (no console owns it), the page's language is the elements': the server's
  // messages (Accept-Language) and the texts of event details follow it, not a choice stored for the
  // console. Before the children's first calls (their effects run after every layout effect).
  useLayoutEffect(() => {
    if (lang && !ownsPage() && $lang.get() !== lang) $lang.set(lang);
  }, [lang]);
  return { lang, tag: langTag(lang ?? shown) };
}

/**
 * The element class of `Component` (not yet defined): an open shadow root with our sheets, the
 * component in an error boundary, inside a root that carries the element's language. Each element
 * file extends it with its methods and documents it (scripts/build/element-contract.mjs).
 */
export function elementClass<P extends object>(Component: ComponentType<P>, options: DefineOptions<P> = {}) {
  const types: Record<string, PropType> = { ...COMMON, ...(options.props as Record<string, PropType>) };
  const Guarded = (props: P & CommonProps) => {
    const { lang, tag } = useElementLang(props.lang);
    return createElement(
      LangContext.Provider,
      { value: lang },
      createElement(
        'div',
        { className: 'bastion-root', lang: tag },
        createElement(ErrorBoundary, null, createElement(Component, props)),
      ),
    );
  };
  Guarded.displayName = `Guarded(${Component.displayName ?? Component.name})`;
  // r2wc knows neither `secret` nor `boolean-or-number`: to it a string (the property and attribute handling below are ours anyway).
  const r2wcTypes = Object.fromEntries(
    Object.entries(types).map(([name, type]) => [
      name,
      type === 'secret' || type === 'boolean-or-number' ? 'string' : type,
    ]),
  );
  const Base = r2wc(Guarded, { shadow: 'open', props: r2wcTypes } as never) as unknown as { new (): R2wcElement };

  class BastionElement extends Base {
    constructor() {
      super();
      const root = this.shadowRoot as ShadowRoot;
      root.adoptedStyleSheets = [...(options.styleSheets?.() ?? []), consoleStyleSheet()];
      for (const [name, type] of Object.entries(types)) {
        // A property set before the element was defined sits on the instance, hiding the accessor.
        // (No attribute callback runs for what the constructor writes: the props are set here.) React
        // renders a prop of an element not yet defined as an attribute of its name, lower-cased by HTML
        // (`apiBase` → `apibase`): read as the kebab one when that is absent.
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as Record<string, unknown>)[name];
          delete (this as Record<string, unknown>)[name];
          const kept = type === 'json' || type === 'secret';
          const text = kept ? null : attributeText(type, value);
          this[PROPS][name] = kept ? value : parse(type, text);
          if (text !== null) this.setAttribute(kebab(name), text);
        } else {
          this[PROPS][name] = parse(type, this.getAttribute(kebab(name)) ?? this.getAttribute(name.toLowerCase()));
        }
      }
    }

    connectedCallback(): void {
      (Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this);
      if (!options.styleSheets) return;
      shoelaceHosts.add(this);
      watchDark();
      followDark(this, this.shadowRoot as ShadowRoot);
    }

    disconnectedCallback(): void {
      shoelaceHosts.delete(this);
      (Base.prototype as unknown as { disconnectedCallback(): void }).disconnectedCallback.call(this);
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
      const name = Object.keys(types).find((key) => kebab(key) === attribute);
      if (!name) return;
      this[PROPS][name] = parse(types[name], value);
      if (name === 'theme' && options.styleSheets && this.shadowRoot) followDark(this, this.shadowRoot);
      this[RENDER]();
    }
  }

  // Properties reflect to their attributes (so CSS such as :host([theme=dark]) and the attribute
  // handling above see them); json ones are set as given.
  for (const [name, type] of Object.entries(types)) {
    Object.defineProperty(BastionElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: R2wcElement) {
        return this[PROPS][name];
      },
      set(this: R2wcElement, value: unknown) {
        if (type === 'json' || type === 'secret') {
          this[PROPS][name] = type === 'secret' && typeof value !== 'string' ? undefined : value;
          this[RENDER]();
          return;
        }
        const text = attributeText(type, value);
        const attribute = kebab(name);
        if (text === this.getAttribute(attribute)) return;
        if (text === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, text);
      },
    });
  }
  return BastionElement;
}

/** Defines `tag` unless some bundle on the page already did (two copies would fight over it). */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

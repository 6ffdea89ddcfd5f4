// The console's translations need a nested-key lookup, a fallback language, `{{name}}` values and a
// default text: this is that, with the part of i18next's instance API the console and its tests use
// (language, changeLanguage, t, getFixedT, resource bundles, 'languageChanged'). i18next did the same
// for ~14 KB gzip of the console's first load (src/core/README.md "First load", rule 4); nothing here
// uses plurals, nesting (`$t()`), formats or contexts (`npm test` checks every catalogue's texts).

export type Messages = { [key: string]: string | Messages };
export type TFunction = (key: string, options?: Record<string, unknown>) => string;

const VALUE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * `{{name}}` (or `{{a.b}}`) from `values`, as i18next filled them: a value given as null or undefined is
 * left out, a name not given at all stays as written.
 */
export function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes('{{')) return text;
  return text.replace(VALUE, (written, path: string) => {
    let at: unknown = values;
    for (const part of path.split('.')) {
      if (!at || typeof at !== 'object' || !(part in at)) return written;
      at = (at as Record<string, unknown>)[part];
    }
    return at === undefined || at === null ? '' : String(at);
  });
}

/** Copies `from` into `into`, branches merged, texts replaced. */
function merge(into: Messages, from: Messages): void {
  for (const [key, value] of Object.entries(from)) {
    const held = into[key];
    if (typeof value === 'object' && typeof held === 'object') merge(held, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

function find(bundle: Messages | undefined, key: string): string | undefined {
  let at: string | Messages | undefined = bundle;
  for (const part of key.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = at[part];
  }
  return typeof at === 'string' ? at : undefined;
}

type Listener = (lang: string) => void;

/** One set of catalogues by language (one namespace, `translation`), and the language it speaks. */
export class Lookup {
  language: string;
  private readonly bundles = new Map<string, Messages>();
  private readonly listeners: Listener[] = [];

  constructor(
    language: string,
    private readonly fallback: string,
  ) {
    this.language = language;
  }

  /** The text of `key` in `lang`, else in the fallback language; else the default text, else the key. */
  translate(lang: string, key: string, options?: Record<string, unknown>): string {
    const text =
      find(this.bundles.get(lang), key) ??
      find(this.bundles.get(this.fallback), key) ??
      (typeof options?.defaultValue === 'string' ? options.defaultValue : undefined);
    if (text === undefined) return key;
    return options ? interpolate(text, options) : text;
  }

  t: TFunction = (key, options) => this.translate(this.language, key, options);

  getFixedT(lang: string): TFunction {
    return (key, options) => this.translate(lang, key, options);
  }

  /** Switches at once (every catalogue is already here) and tells the listeners. */
  changeLanguage(lang: string): Promise<void> {
    this.language = lang;
    for (const listener of this.listeners) listener(lang);
    return Promise.resolve();
  }

  on(event: 'languageChanged', listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Deep-merges `bundle` into `lang`'s catalogue (the namespace is always `translation`). */
  addResourceBundle(lang: string, _namespace: string, bundle: Messages): void {
    const held = this.bundles.get(lang) ?? {};
    merge(held, bundle);
    this.bundles.set(lang, held);
  }

  /** The catalogue as held (undefined before any); `any` as i18next typed it: callers read their own branches. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  getResourceBundle(lang: string, _namespace: string): any {
    return this.bundles.get(lang);
  }

  hasResourceBundle(lang: string, _namespace: string): boolean {
    return this.bundles.has(lang);
  }
}

// The elements' theme: every colour, the font, spacing and density come from these tokens, so a host
// themes a widget with `--bastion-*` custom properties instead of forking it. Each token is read as
// `var(--bastion-<name>, <default>)` into a private `--_<name>`: a value the host sets on the element
// or on any ancestor (`:root`) wins, and the defaults below hold otherwise. The light values are
// Lina's look with darker shades where its text was below 4.5:1 (white on #1ab394 was 2.65:1, #999 on
// white 2.84:1). The dark values apply with `theme="dark"`, or with the system's dark preference
// unless `theme="light"`. scripts/build/element-contract.mjs documents these objects (names, defaults
// and comments) as every element's CSS custom properties.

/** Light theme (the default). */
export const LIGHT = {
  /** Links, the current page, filled buttons, focus rings (4.5:1 on white and on the page background). */
  'color-primary': '#0f7a65',
  /** Text on a primary fill. */
  'color-on-primary': '#fff',
  /** Lina's green, for marks without text (the active menu entry's edge, the sorted column's arrow). */
  'color-accent': '#1ab394',
  /** Body text. */
  'color-text': '#676a6c',
  /** Headings and titles. */
  'color-heading': '#2f4050',
  /** Secondary text: hints, empty tables, times. */
  'color-muted': '#6b6e73',
  /** Page background behind panels. */
  'color-background': '#f3f3f4',
  /** Panels, tables, inputs, menus. */
  'color-surface': '#fff',
  /** Table headers and card titles. */
  'color-surface-alt': '#f5f7fa',
  /** Lines between rows and around panels. */
  'color-border': '#e7eaec',
  /** Borders of inputs and buttons. */
  'color-border-strong': '#dcdfe6',
  /** Background of a hovered row or menu entry. */
  'color-hover': '#f0f9f6',
  /** Errors and dangerous actions. */
  'color-danger': '#c0392b',
  /** Text on a danger fill. */
  'color-on-danger': '#fff',
  /** Warnings and notes. */
  'color-warning': '#8a5a00',
  /** Background of notes and warnings. */
  'color-warning-background': '#fdf6ec',
  /** The console's sidebar. */
  'color-sidebar': '#2f4050',
  /** Entries of the sidebar. */
  'color-sidebar-text': '#a7b1c2',
  /** The sidebar's logo bar and its current entry. */
  'color-sidebar-active': '#293846',
  /** The widgets' own font stack (never the host page's). */
  'font-family':
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif',
  /** Times, commands and the terminal's side texts. */
  'font-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  /** Base text size. */
  'font-size': '14px',
  /** Line height of the widgets (never the host page's). */
  'line-height': '1.5',
  /** Base spacing unit: paddings and gaps are multiples of it. */
  spacing: '8px',
  /** Row and control density: 1 is normal, 0.5 compact, 1.5 roomy (multiplies table and pager paddings). */
  density: '1',
  /** Corner radius of inputs, buttons and panels. */
  radius: '4px',
} as const;

type Token = keyof typeof LIGHT;

/** Dark theme: only the colours change. */
export const DARK: Partial<Record<Token, string>> = {
  'color-primary': '#3cc9a7',
  'color-on-primary': '#08231d',
  'color-text': '#c9ced4',
  'color-heading': '#e8ebee',
  'color-muted': '#9aa1a9',
  'color-background': '#16191d',
  'color-surface': '#1f2328',
  'color-surface-alt': '#272c32',
  'color-border': '#363c43',
  'color-border-strong': '#4a525b',
  'color-hover': '#1d3a33',
  'color-danger': '#ff8a80',
  'color-on-danger': '#2b0b08',
  'color-warning': '#e8b55a',
  'color-warning-background': '#2e2614',
  'color-sidebar': '#111418',
  'color-sidebar-active': '#1b2026',
};

const declare = (tokens: Partial<Record<Token, string>>) =>
  Object.entries(tokens)
    .map(([name, value]) => `--_${name}:var(--bastion-${name},${value});`)
    .join('');

// Shoelace's widgets (forms, dialogs, tabs) follow the same tokens. The selector pair outranks the
// theme files' `:host([theme=dark])` whether or not the element has a theme attribute.
const shoelace = `:host([theme]),:host(:not([theme])){--sl-font-sans:var(--_font-family);--sl-font-mono:var(--_font-mono);
--sl-color-primary-50:color-mix(in srgb,var(--_color-primary) 8%,var(--_color-surface));
--sl-color-primary-100:color-mix(in srgb,var(--_color-primary) 16%,var(--_color-surface));
--sl-color-primary-200:color-mix(in srgb,var(--_color-primary) 30%,var(--_color-surface));
--sl-color-primary-300:color-mix(in srgb,var(--_color-primary) 45%,var(--_color-surface));
--sl-color-primary-400:color-mix(in srgb,var(--_color-primary) 70%,var(--_color-surface));
--sl-color-primary-500:color-mix(in srgb,var(--_color-primary) 88%,var(--_color-text));
--sl-color-primary-600:var(--_color-primary);
--sl-color-primary-700:color-mix(in srgb,var(--_color-primary) 80%,var(--_color-heading));
--sl-color-neutral-0:var(--_color-surface);--sl-panel-background-color:var(--_color-surface);
--sl-input-background-color:var(--_color-surface);--sl-input-color:var(--_color-text);
--sl-input-border-color:var(--_color-border-strong);--sl-input-placeholder-color:var(--_color-muted);
--sl-color-danger-600:var(--_color-danger);--sl-focus-ring-color:var(--_color-primary);
--sl-input-label-color:var(--_color-heading);--sl-input-help-text-color:var(--_color-muted)}`;

/**
 * The tokens for a shadow root, and what the host page must not leak in: `all: initial` drops every
 * inherited property (the host's serif font, its line height, letter spacing, text transform), while
 * custom properties, `--bastion-*` among them, still inherit.
 */
export const themeCss = `:host{all:initial;display:block;${declare(LIGHT)}
font-family:var(--_font-family);font-size:var(--_font-size);line-height:var(--_line-height);color:var(--_color-text);color-scheme:light}
:host([hidden]){display:none}
:host([theme=dark]){${declare(DARK)}color-scheme:dark}
@media (prefers-color-scheme:dark){:host(:not([theme=light])){${declare(DARK)}color-scheme:dark}}
${shoelace}`;

/** Whether `host` draws dark now: its theme attribute, else the system's preference. */
export function isDark(host: Element): boolean {
  const theme = host.getAttribute('theme');
  if (theme === 'dark') return true;
  if (theme === 'light') return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

let darkSheet: Promise<CSSStyleSheet> | undefined;

/**
 * Shoelace's dark theme for elements that draw Shoelace, loaded the first time one of them is dark
 * (4 KB gzip no light page needs). Its `:host, .sl-theme-dark` rule is scoped to the cases above.
 */
export function shoelaceDarkSheet(): Promise<CSSStyleSheet> {
  darkSheet ??= import('@shoelace-style/shoelace/dist/themes/dark.css').then(({ default: css }) => {
    // Only the first rule (the variables); the rest is body-level toast and scroll-lock styling.
    const body = css.slice(css.indexOf('{'), css.indexOf('\n}') + 2);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      `:host([theme=dark])${body}\n@media (prefers-color-scheme:dark){:host(:not([theme=light]))${body}}`,
    );
    return sheet;
  });
  return darkSheet;
}

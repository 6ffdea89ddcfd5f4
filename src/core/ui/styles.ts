import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, TAGS_MENU_WIDTH } from '../config.ts';
import { pageCss } from './page-styles.ts';
import { themeCss } from './theme.ts';

// The console's own CSS, adopted into every element's shadow root next to Shoelace's theme, so a
// host page needs no stylesheet of ours. Colours, font and spacing are the theme's tokens (theme.ts).
// `.contained` is the console inside a host page: it lives in the element's box (its height is
// the host's), so nothing is fixed to the window and the page scrolls inside `.main`.
const shellCss = `
* { box-sizing: border-box; }
/* The host page's rules reach the element itself, and a page rule beats :host: the box inside starts from
   nothing (a page's '* { letter-spacing }' or 'bastion-asset-list { font: … }' included) and takes the theme's.
   :where() keeps it the weakest rule, so an element's own .bastion-root rules (the replay's max-height) win. */
:where(.bastion-root) { all: initial; display: contents; font-family: var(--_font-family); font-size: var(--_font-size);
  line-height: var(--_line-height); color: var(--_color-text); color-scheme: inherit; }
a { color: var(--_color-primary); }
:focus-visible { outline: 2px solid var(--_color-primary); outline-offset: 2px; }
.sr-label::part(form-control-label) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.skip-link { position: absolute; z-index: 4001; left: 8px; top: -100px; padding: 8px 12px; background: var(--_color-surface);
  color: var(--_color-primary); border: 2px solid var(--_color-primary); border-radius: var(--_radius); }
.skip-link:focus { top: 8px; }
.console-root { position: relative; }
.console-root.contained { height: 100%; min-height: 320px; }
.console-loading { display: grid; place-items: center; min-height: 200px; font-size: 2rem; }
.spinner { display: inline-block; width: 1em; height: 1em; border: 2px solid var(--_color-border); border-top-color: var(--_color-primary);
  border-radius: 50%; animation: spinner-turn 1s linear infinite; }
@keyframes spinner-turn { to { transform: rotate(360deg); } }
.app { min-height: 100vh; position: relative; }
.sidebar { position: fixed; top: 0; bottom: 0; left: 0; width: ${SIDEBAR_WIDTH}px; background: var(--_color-sidebar); color: var(--_color-sidebar-text);
  overflow-y: auto; overflow-x: hidden; z-index: 1001; transition: width .28s; }
.app.collapsed .sidebar { width: ${SIDEBAR_COLLAPSED_WIDTH}px; }
.app.mobile .sidebar { transition: transform .28s; }
.app.mobile.collapsed .sidebar { transform: translateX(-${SIDEBAR_WIDTH}px); width: ${SIDEBAR_WIDTH}px; }
.app.no-animation .sidebar { transition: none; }
.sidebar-mask { position: fixed; inset: 0; background: rgba(0,0,0,.3); z-index: 1000; }
.main { margin-left: ${SIDEBAR_WIDTH}px; min-height: 100vh; display: flex; flex-direction: column; background: var(--_color-background);
  transition: margin-left .28s; }
.app.collapsed .main { margin-left: ${SIDEBAR_COLLAPSED_WIDTH}px; }
.app.mobile .main { margin-left: 0; }
.contained .app { display: flex; height: 100%; min-height: 0; overflow: hidden; }
.contained .sidebar { position: relative; flex: none; height: 100%; }
.contained .app.mobile .sidebar { position: absolute; }
.contained .app.mobile.collapsed .sidebar { visibility: hidden; }
.contained .sidebar-mask { position: absolute; }
.contained .app .main, .contained .app.collapsed .main { margin-left: 0; flex: 1; min-width: 0; min-height: 0; overflow: auto; }
.logo { height: 55px; display: flex; align-items: center; justify-content: center; color: #fff; font-weight: 600;
  font-size: 20px; background: var(--_color-sidebar-active); overflow: hidden; white-space: nowrap; }
.logo img { max-height: 45px; max-width: 100%; }
.logo-collapsed img { max-height: 36px; }
.org-selector { padding: 8px 12px; }
.org-selector select { width: 100%; height: 32px; padding: 0 8px; font: inherit; font-size: 13px; color: #fff;
  background: var(--_color-sidebar-active); border: 1px solid #5a6b7d; border-radius: var(--_radius); cursor: pointer; }
.icon { display: inline-block; flex: none; width: 1em; height: 1em; vertical-align: -0.125em; }
/* ui/Button.tsx: Shoelace's button, drawn on a native <button> with the theme's variables; the console
   adopts the theme with its first Shoelace component, so each falls back to the theme's own value. */
.btn { display: inline-flex; align-items: center; justify-content: center; gap: var(--sl-spacing-x-small, 0.5rem); height: var(--sl-input-height-medium, 2.5rem);
  padding: 0 var(--sl-spacing-medium, 1rem); font-family: inherit; font-size: var(--sl-button-font-size-medium, 0.875rem);
  font-weight: 600; white-space: nowrap; vertical-align: middle; cursor: pointer; user-select: none;
  border: 1px solid var(--_color-border-strong); border-radius: var(--_radius);
  background-color: var(--_color-surface); color: var(--_color-text); line-height: 1.2;
  transition: .15s background-color, .15s color, .15s border-color; }
.btn-small { height: var(--sl-input-height-small, 1.875rem); padding: 0 var(--_spacing); font-size: var(--sl-button-font-size-small, 0.75rem); }
.btn:focus { outline: none; }
.btn:focus-visible, .icon-button:focus-visible, .tag-link:focus-visible, .menu a:focus-visible, .menu button:focus-visible {
  outline: 2px solid var(--_color-primary); outline-offset: 2px; }
.btn:disabled { opacity: 0.5; cursor: not-allowed; }
.btn-default:hover:not(:disabled) { background-color: var(--_color-hover); border-color: var(--_color-accent); color: var(--_color-primary); }
.btn-primary { background-color: var(--_color-primary); border-color: var(--_color-primary); color: var(--_color-on-primary); }
.btn-primary:hover:not(:disabled) { filter: brightness(1.08); }
.btn-danger { background-color: var(--_color-danger); border-color: var(--_color-danger); color: var(--_color-on-danger); }
.btn-danger:hover:not(:disabled) { filter: brightness(1.08); }
.btn-text { background: none; border-color: transparent; color: var(--_color-primary); }
.btn-text:hover:not(:disabled) { text-decoration: underline; }
.btn-caret::after { content: ''; width: .35em; height: .35em; margin: 0 0 .2em .15em; border: solid currentColor; border-width: 0 1.5px 1.5px 0; transform: rotate(45deg); }
.icon-button { display: inline-flex; align-items: center; padding: 4px; font-size: inherit; color: var(--_color-muted);
  background: none; border: 0; border-radius: var(--_radius); cursor: pointer; }
.icon-button:hover { color: var(--_color-primary); }
/* Only a mouse's focus goes without a ring: a plain :focus rule here hid the ring of :focus-visible above. */
.icon-button:focus:not(:focus-visible) { outline: none; }
.menu-button { display: inline-block; }
.menu-panel { position: fixed; z-index: 3000; min-width: 120px; margin: 0; padding: 4px 0; list-style: none; background: var(--_color-surface);
  border: 1px solid var(--_color-border); border-radius: var(--_radius); box-shadow: 0 2px 12px rgba(0,0,0,.12); font-size: 14px; }
.menu-panel[hidden] { display: none; }
.menu-item { display: flex; align-items: center; gap: 6px; padding: 8px 16px; color: var(--_color-text); white-space: nowrap; cursor: pointer; }
.menu-item:hover, .menu-item:focus { background: var(--_color-hover); color: var(--_color-primary); outline: none; }
.menu-item[aria-disabled="true"] { color: var(--_color-muted); background: none; cursor: not-allowed; }
.menu-item .check { width: 14px; }
.menu { list-style: none; margin: 0; padding: 0; }
.menu a, .menu button { display: flex; align-items: center; gap: 10px; width: 100%; padding: 12px 18px; color: var(--_color-sidebar-text);
  text-decoration: none; background: none; border: 0; font: inherit; cursor: pointer; text-align: left; white-space: nowrap; }
.menu a:focus-visible, .menu button:focus-visible { outline-color: #fff; outline-offset: -2px; }
.menu a:hover, .menu button:hover { color: #fff; background: var(--_color-sidebar-active); }
.menu a.active { color: #fff; background: var(--_color-sidebar-active); border-left: 3px solid var(--_color-accent); }
.menu .submenu a { padding-left: 44px; }
.menu .chevron { margin-left: auto; }
.app.collapsed:not(.mobile) .menu .label, .app.collapsed:not(.mobile) .menu .chevron { display: none; }
/* The collapsed bar's group opens beside it (SidebarMenu.tsx), fixed so the bar's overflow does not clip it. */
.flyout { position: fixed; z-index: 1002; min-width: 180px; overflow-y: auto; background: var(--_color-sidebar);
  border-radius: 0 var(--_radius) var(--_radius) 0; box-shadow: 2px 2px 8px rgba(0,0,0,.3); }
.flyout-title { display: block; padding: 12px 18px 8px; color: #fff; font-weight: 600; white-space: nowrap; }
.app.collapsed:not(.mobile) .flyout .label { display: inline; }
.menu .flyout .submenu a { padding-left: 18px; }
.navbar { height: 50px; display: flex; align-items: center; gap: 12px; padding: 0 16px; background: var(--_color-surface); border-bottom: 1px solid var(--_color-border); }
.navbar .title { font-weight: 600; flex: 1; color: var(--_color-heading); margin: 0; font-size: inherit; }
.navbar .hamburger { font-size: 1.25rem; }
.tags-view { display: flex; gap: 4px; padding: 4px 8px; background: var(--_color-surface); border-bottom: 1px solid var(--_color-border);
  overflow-x: auto; overflow-y: hidden; position: relative; min-width: 0; max-width: 100%; scrollbar-width: thin; }
.tag { display: inline-flex; align-items: center; gap: 4px; padding: 2px 8px; border: 1px solid var(--_color-border-strong); cursor: pointer;
  font-size: 12px; color: var(--_color-text); background: var(--_color-surface); white-space: nowrap; text-decoration: none; }
.tag.active { background: var(--_color-primary); color: var(--_color-on-primary); border-color: var(--_color-primary); }
.tag .tag-link { color: inherit; text-decoration: none; }
.tag .close { border: 0; background: none; color: inherit; cursor: pointer; padding: 0 2px; font-size: 12px; }
.tags-menu { position: fixed; z-index: 3000; width: ${TAGS_MENU_WIDTH}px; background: var(--_color-surface); list-style: none; margin: 0;
  padding: 4px 0; border-radius: var(--_radius); box-shadow: 2px 2px 3px rgba(0,0,0,.3); font-size: 12px; }
.tags-menu li { padding: 6px 14px; cursor: pointer; } .tags-menu li:hover, .tags-menu li:focus { background: var(--_color-hover); outline: none; }
main.page { flex: 1; padding: calc(var(--_spacing) * 2.5); }
main.page:focus { outline: none; }
.footer { padding: 10px 20px; background: var(--_color-surface); border-top: 1px solid var(--_color-border); font-size: 12px; display: flex; gap: 12px; flex-wrap: wrap; }
.toasts { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); z-index: 4000; display: flex;
  flex-direction: column; gap: 8px; min-width: 320px; }
.console-root.contained .toasts { position: absolute; }
.error-boundary { padding: 20px; color: var(--_color-danger); }
/* A widget paints its own surface: a host page's white behind a dark widget would leave light text on white. */
.bastion-asset-list, .bastion-session-replay, .sign-in { background: var(--_color-surface); color: var(--_color-text); }
.sign-in, .element-message { padding: calc(var(--_spacing) * 2); }
.sign-in-button { font: inherit; padding: 6px 16px; border: 0; border-radius: var(--_radius); cursor: pointer;
  background: var(--_color-primary); color: var(--_color-on-primary); }
.sign-in-button:focus-visible { outline: 2px solid var(--_color-primary); outline-offset: 2px; }
.sign-in-button:disabled { opacity: .6; cursor: progress; }
.sign-in-problem { color: var(--_color-danger); }
.element-message { color: var(--_color-heading); background: var(--_color-surface); border: 1px solid var(--_color-border); border-left: 3px solid var(--_color-danger); }
`;

let sheet: CSSStyleSheet | undefined;

/** One sheet shared by every shadow root on the page. */
export function consoleStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(themeCss + shellCss + pageCss);
  }
  return sheet;
}

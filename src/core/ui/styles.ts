import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, TAGS_MENU_WIDTH } from '../config.ts'
import { pageCss } from './page-styles.ts'

// The console's own CSS, adopted into every element's shadow root next to Shoelace's theme, so a
// host page needs no stylesheet of ours.
const shellCss = `
:host { display: block; font-family: var(--sl-font-sans); font-size: 14px; color: #676a6c; }
* { box-sizing: border-box; }
a { color: #1ab394; }
.console-loading { display: grid; place-items: center; min-height: 200px; font-size: 2rem; }
.spinner { display: inline-block; width: 1em; height: 1em; border: 2px solid var(--sl-color-neutral-200); border-top-color: var(--sl-color-primary-600);
  border-radius: 50%; animation: spinner-turn 1s linear infinite; }
@keyframes spinner-turn { to { transform: rotate(360deg); } }
.app { min-height: 100vh; position: relative; }
.sidebar { position: fixed; top: 0; bottom: 0; left: 0; width: ${SIDEBAR_WIDTH}px; background: #2f4050; color: #a7b1c2;
  overflow-y: auto; overflow-x: hidden; z-index: 1001; transition: width .28s; }
.app.collapsed .sidebar { width: ${SIDEBAR_COLLAPSED_WIDTH}px; }
.app.mobile .sidebar { transition: transform .28s; }
.app.mobile.collapsed .sidebar { transform: translateX(-${SIDEBAR_WIDTH}px); width: ${SIDEBAR_WIDTH}px; }
.app.no-animation .sidebar { transition: none; }
.sidebar-mask { position: fixed; inset: 0; background: rgba(0,0,0,.3); z-index: 1000; }
.main { margin-left: ${SIDEBAR_WIDTH}px; min-height: 100vh; display: flex; flex-direction: column; background: #f3f3f4;
  transition: margin-left .28s; }
.app.collapsed .main { margin-left: ${SIDEBAR_COLLAPSED_WIDTH}px; }
.app.mobile .main { margin-left: 0; }
.logo { height: 55px; display: flex; align-items: center; justify-content: center; color: #fff; font-weight: 600;
  font-size: 20px; background: #293846; overflow: hidden; white-space: nowrap; }
.logo img { max-height: 45px; max-width: 100%; }
.logo-collapsed img { max-height: 36px; }
.org-selector { padding: 8px 12px; }
.org-selector select { width: 100%; height: 32px; padding: 0 8px; font: inherit; font-size: 13px; color: #fff;
  background: #293846; border: 1px solid #3b4d5e; border-radius: 4px; cursor: pointer; }
.icon { display: inline-block; flex: none; width: 1em; height: 1em; vertical-align: -0.125em; }
/* ui/Button.tsx: Shoelace's button, drawn on a native <button> with the theme's variables. */
.btn { display: inline-flex; align-items: center; justify-content: center; gap: var(--sl-spacing-x-small); height: var(--sl-input-height-medium);
  padding: 0 var(--sl-spacing-medium); font-family: var(--sl-input-font-family); font-size: var(--sl-button-font-size-medium);
  font-weight: var(--sl-font-weight-semibold); white-space: nowrap; vertical-align: middle; cursor: pointer; user-select: none;
  border: var(--sl-input-border-width) solid var(--sl-input-border-color); border-radius: var(--sl-input-border-radius-medium);
  background-color: var(--sl-color-neutral-0); color: var(--sl-color-neutral-700);
  transition: var(--sl-transition-x-fast) background-color, var(--sl-transition-x-fast) color, var(--sl-transition-x-fast) border-color; }
.btn-small { height: var(--sl-input-height-small); padding: 0 var(--sl-spacing-small); font-size: var(--sl-button-font-size-small);
  border-radius: var(--sl-input-border-radius-small); }
.btn:focus { outline: none; }
.btn:focus-visible { outline: var(--sl-focus-ring); outline-offset: var(--sl-focus-ring-offset); }
.btn:disabled { opacity: 0.5; cursor: not-allowed; }
.btn-default:hover:not(:disabled) { background-color: var(--sl-color-primary-50); border-color: var(--sl-color-primary-300); color: var(--sl-color-primary-700); }
.btn-default:active:not(:disabled) { background-color: var(--sl-color-primary-100); border-color: var(--sl-color-primary-400); }
.btn-primary { background-color: var(--sl-color-primary-600); border-color: var(--sl-color-primary-600); color: var(--sl-color-neutral-0); }
.btn-primary:hover:not(:disabled) { background-color: var(--sl-color-primary-500); border-color: var(--sl-color-primary-500); }
.btn-danger { background-color: var(--sl-color-danger-600); border-color: var(--sl-color-danger-600); color: var(--sl-color-neutral-0); }
.btn-danger:hover:not(:disabled) { background-color: var(--sl-color-danger-500); border-color: var(--sl-color-danger-500); }
.btn-text { background: none; border-color: transparent; color: var(--sl-color-primary-600); }
.btn-text:hover:not(:disabled) { color: var(--sl-color-primary-500); }
.btn-caret::after { content: ''; width: .35em; height: .35em; margin: 0 0 .2em .15em; border: solid currentColor; border-width: 0 1.5px 1.5px 0; transform: rotate(45deg); }
.icon-button { display: inline-flex; align-items: center; padding: var(--sl-spacing-x-small); font-size: inherit; color: var(--sl-color-neutral-600);
  background: none; border: 0; border-radius: var(--sl-border-radius-medium); cursor: pointer; }
.icon-button:hover { color: var(--sl-color-primary-600); }
.icon-button:focus { outline: none; }
.icon-button:focus-visible { outline: var(--sl-focus-ring); outline-offset: var(--sl-focus-ring-offset); }
.menu-button { display: inline-block; }
.menu-panel { position: fixed; z-index: 3000; min-width: 120px; margin: 0; padding: 4px 0; list-style: none; background: #fff;
  border: 1px solid #e4e7ed; border-radius: 4px; box-shadow: 0 2px 12px rgba(0,0,0,.12); font-size: 14px; }
.menu-panel[hidden] { display: none; }
.menu-item { display: flex; align-items: center; gap: 6px; padding: 8px 16px; color: #606266; white-space: nowrap; cursor: pointer; }
.menu-item:hover, .menu-item:focus { background: #f0f9f6; color: #1ab394; outline: none; }
.menu-item[aria-disabled="true"] { color: #c0c4cc; background: none; cursor: not-allowed; }
.menu-item .check { width: 14px; }
.menu { list-style: none; margin: 0; padding: 0; }
.menu a, .menu button { display: flex; align-items: center; gap: 10px; width: 100%; padding: 12px 18px; color: #a7b1c2;
  text-decoration: none; background: none; border: 0; font: inherit; cursor: pointer; text-align: left; white-space: nowrap; }
.menu a:hover, .menu button:hover { color: #fff; background: #293846; }
.menu a.active { color: #fff; background: #293846; border-left: 3px solid #1ab394; }
.menu .submenu a { padding-left: 44px; }
.menu .chevron { margin-left: auto; }
.app.collapsed:not(.mobile) .menu .label, .app.collapsed:not(.mobile) .menu .chevron,
.app.collapsed:not(.mobile) .submenu { display: none; }
.navbar { height: 50px; display: flex; align-items: center; gap: 12px; padding: 0 16px; background: #fff; border-bottom: 1px solid #e7eaec; }
.navbar .title { font-weight: 600; flex: 1; color: #2f4050; }
.navbar .hamburger { font-size: 1.25rem; }
.tags-view { display: flex; gap: 4px; padding: 4px 8px; background: #fff; border-bottom: 1px solid #d8dce5;
  overflow-x: auto; overflow-y: hidden; position: relative; min-width: 0; max-width: 100%; scrollbar-width: thin; }
.tag { display: inline-flex; align-items: center; gap: 4px; padding: 2px 8px; border: 1px solid #d8dce5; cursor: pointer;
  font-size: 12px; color: #495060; background: #fff; white-space: nowrap; text-decoration: none; }
.tag.active { background: #1ab394; color: #fff; border-color: #1ab394; }
.tag .close { border: 0; background: none; color: inherit; cursor: pointer; padding: 0 2px; font-size: 12px; }
.tags-menu { position: fixed; z-index: 3000; width: ${TAGS_MENU_WIDTH}px; background: #fff; list-style: none; margin: 0;
  padding: 4px 0; border-radius: 4px; box-shadow: 2px 2px 3px rgba(0,0,0,.3); font-size: 12px; }
.tags-menu li { padding: 6px 14px; cursor: pointer; } .tags-menu li:hover { background: #eee; }
main.page { flex: 1; padding: 20px; }
.footer { padding: 10px 20px; background: #fff; border-top: 1px solid #e7eaec; font-size: 12px; display: flex; gap: 12px; flex-wrap: wrap; }
.toasts { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); z-index: 4000; display: flex;
  flex-direction: column; gap: 8px; min-width: 320px; }
.error-boundary { padding: 20px; color: #c0392b; }
`

let sheet: CSSStyleSheet | undefined

/** One sheet shared by every shadow root on the page. */
export function consoleStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(shellCss + pageCss)
  }
  return sheet
}

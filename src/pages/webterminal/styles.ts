// The page is the whole window: pickers on a light card, then the terminal edge to edge.
export const WEB_TERMINAL_CSS = `.webterm { height: 100%; display: flex; flex-direction: column; box-sizing: border-box; }
.webterm-picker { flex: 1; overflow: auto; padding: 24px; background: var(--_color-background); color: var(--_color-text); }
.webterm-picker .card { background: var(--_color-surface); border: 1px solid var(--_color-border); padding: 16px 20px; max-width: 1100px; margin: 0 auto; }
.webterm-picker .card + .card { margin-top: 16px; }
.webterm-picker h2 { margin: 0 0 12px; font-size: 18px; font-weight: 600; }
.webterm-picker .asset-line { color: var(--_color-text); margin: 0 0 12px; }
.webterm-picker .message { margin: 8px 0 16px; }
.system-user-list { list-style: none; margin: 0 0 16px; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.system-user-list li { display: flex; align-items: center; gap: 12px; }
.system-user-list .name { min-width: 180px; }
.system-user-list .username { color: var(--_color-text); }
.webterm-screen { position: relative; flex: 1; min-height: 0; background: #1f1f1f; }
.webterm-screen .terminal-box { position: absolute; inset: 4px 0 32px 6px; }
/* How to leave the terminal by keyboard, and where focus then lands (TerminalScreen.tsx). */
.webterm-bar { position: absolute; left: 0; right: 0; bottom: 0; height: 32px; display: flex; align-items: center; gap: 16px; padding: 0 12px;
  background: #2b2b2b; color: #d6d6d6; font-size: 12px; }
.webterm-bar .leave-key { flex: 1; }
.webterm-bar button { font: inherit; color: #fff; background: none; border: 1px solid #777; border-radius: 3px; padding: 2px 10px; cursor: pointer; }
.webterm-bar button:focus-visible { outline: 2px solid #7fd8c1; outline-offset: 2px; }
.webterm-banner { position: absolute; top: 12px; left: 50%; transform: translateX(-50%); z-index: 10; background: var(--_color-surface); color: var(--_color-text);
  border-radius: 4px; padding: 10px 16px; box-shadow: 0 2px 12px rgba(0, 0, 0, .4); display: flex; align-items: center; gap: 12px; max-width: 80%; }
.webterm-banner.ended { border-left: 4px solid var(--_color-danger); }
.webterm-banner .reason { white-space: pre-wrap; }`;

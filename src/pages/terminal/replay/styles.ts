// The player's own rules, rendered once at its top (inside the element's shadow root or the console's).
// Colours are the theme's tokens (core/ui/theme.ts); the screen stays a black terminal in both themes.
//
// The player takes its box and no more: the width it is given, and the height when one is given (then
// `max-height` too, passed down from the element). The screen gets what is left by the controls and the
// keys; with `fit` width it scrolls when the host's height is shorter than the fitted terminal, with
// height and both (data-fit, screen-fit.ts) the terminal is fitted to that space. The command list never
// adds height: it stands beside the screen as tall as the rest, or under it in a narrow box (use-narrow.ts).
export const REPLAY_CSS = `
.replay-player { box-sizing: border-box; height: 100%; max-height: inherit; outline: none; }
.replay-player:focus-visible { box-shadow: inset 0 0 0 2px var(--_color-primary); }
.replay-player:fullscreen { background: var(--_color-surface); color: var(--_color-text); padding: 12px; }
.replay-layout { display: flex; gap: 12px; height: 100%; max-height: inherit; }
.replay-main { flex: 1 1 auto; min-width: 0; min-height: 0; display: flex; flex-direction: column; gap: 6px; }
/* The terminal's width never widens the player (it is fitted to the player's width): in a host's flex row or
   grid cell without a width of its own, that would only ever grow. */
.replay-screen { flex: 0 1 auto; min-height: 0; contain: inline-size; background: #000; padding: 4px; overflow: auto; }
.replay-screen[data-fit="width"] { scrollbar-gutter: stable; }
/* xterm's own (invisible) scrollbar keeps the height of the terminal before a fit shrank its font: unclipped,
   it let the screen scroll ~60 px of nothing below a terminal fitted to the window. */
.replay-screen .xterm { overflow: hidden; }
.replay-screen[data-fit="height"], .replay-screen[data-fit="both"] { flex: 1 1 0; }
.replay-controls { flex: none; display: flex; align-items: center; gap: var(--_spacing); flex-wrap: wrap; }
.replay-controls > button { min-width: 64px; padding: 4px 10px; font: inherit; cursor: pointer; border: 1px solid var(--_color-primary);
  background: var(--_color-primary); color: var(--_color-on-primary); border-radius: var(--_radius); }
.replay-controls > button.replay-fullscreen { background: var(--_color-surface); color: var(--_color-primary); }
.replay-controls > button:disabled { opacity: .5; cursor: default; }
.replay-controls select { font: inherit; color: var(--_color-text); background: var(--_color-surface); border: 1px solid var(--_color-border-strong); border-radius: var(--_radius); }
.replay-progress { position: relative; flex: 1 1 auto; min-width: 80px; display: flex; align-items: center; }
.replay-scrubber { width: 100%; margin: 0; accent-color: var(--_color-primary); }
.replay-markers { position: absolute; left: 8px; right: 8px; top: 50%; height: 0; pointer-events: none; }
.replay-marker { position: absolute; top: -5px; width: 10px; height: 10px; margin-left: -5px; padding: 0; border-radius: 50%; cursor: pointer;
  pointer-events: auto; border: 2px solid var(--_color-surface); background: var(--_color-warning); }
.replay-marker:hover { transform: scale(1.3); }
.replay-time { font-family: var(--_font-mono); white-space: nowrap; }
.replay-keys { flex: none; font-size: 12px; color: var(--_color-muted); }
.replay-message { padding: 8px; margin: 0; }
.replay-error { color: var(--_color-danger); }
.replay-commands { position: relative; flex: 0 0 260px; min-height: 0; border: 1px solid var(--_color-border); background: var(--_color-surface); }
.replay-commands-scroll { position: absolute; inset: 0; overflow: auto; }
.replay-commands h3 { margin: 0; padding: 6px 8px; font-size: 13px; color: var(--_color-heading); border-bottom: 1px solid var(--_color-border); }
.replay-commands ol { list-style: none; margin: 0; padding: 0; }
.replay-commands button { display: flex; gap: 8px; width: 100%; padding: 4px 8px; border: 0; background: none; font: 12px var(--_font-mono);
  text-align: left; cursor: pointer; color: inherit; }
.replay-commands button:hover { background: var(--_color-hover); }
.replay-commands button:focus-visible { outline: 2px solid var(--_color-primary); outline-offset: -2px; }
.replay-commands li[aria-current="true"] button { background: var(--_color-primary); color: var(--_color-on-primary); }
.replay-commands .risk-5 .command-input { color: var(--_color-danger); }
.replay-commands li[aria-current="true"].risk-5 .command-input { color: var(--_color-on-primary); font-weight: bold; }
.command-time { flex: 0 0 auto; }
.command-input { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.replay-player[data-layout="narrow"] .replay-layout { flex-direction: column; }
.replay-player[data-layout="narrow"] .replay-commands { flex: 0 1 9em; }
`;

// The player's own rules, rendered once at its top (inside the element's shadow root or the console's).
// Colours are the theme's tokens (core/ui/theme.ts); the screen stays a black terminal in both themes.
export const REPLAY_CSS = `
.replay-player { display: flex; gap: 12px; align-items: stretch; outline: none; min-height: 200px; }
.replay-player:focus-visible { box-shadow: 0 0 0 2px var(--_color-primary); }
.replay-main { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.replay-screen { background: #000; padding: 4px; overflow: auto; min-height: 120px; }
.replay-controls { display: flex; align-items: center; gap: var(--_spacing); flex-wrap: wrap; }
.replay-controls button { min-width: 64px; padding: 4px 10px; font: inherit; cursor: pointer; border: 1px solid var(--_color-primary);
  background: var(--_color-primary); color: var(--_color-on-primary); border-radius: var(--_radius); }
.replay-controls button:disabled { opacity: .5; cursor: default; }
.replay-controls select { font: inherit; color: var(--_color-text); background: var(--_color-surface); border: 1px solid var(--_color-border-strong); border-radius: var(--_radius); }
.replay-scrubber { flex: 1 1 auto; min-width: 80px; accent-color: var(--_color-primary); }
.replay-time { font-family: var(--_font-mono); white-space: nowrap; }
.replay-keys { font-size: 12px; color: var(--_color-muted); }
.replay-message { padding: 8px; }
.replay-error { color: var(--_color-danger); }
.replay-commands { position: relative; flex: 0 0 260px; max-height: 560px; overflow: auto; border: 1px solid var(--_color-border); background: var(--_color-surface); }
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
`

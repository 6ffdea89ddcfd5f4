// The player's own rules, rendered once at its top (inside the element's shadow root or the console's).
export const REPLAY_CSS = `
.replay-player { display: flex; gap: 12px; align-items: stretch; outline: none; min-height: 200px; }
.replay-player:focus-visible { box-shadow: 0 0 0 2px #1ab394; }
.replay-main { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.replay-screen { background: #000; padding: 4px; overflow: auto; min-height: 120px; }
.replay-controls { display: flex; align-items: center; gap: 8px; }
.replay-controls button { min-width: 64px; padding: 4px 10px; font: inherit; cursor: pointer; border: 1px solid #1ab394;
  background: #1ab394; color: #fff; border-radius: 3px; }
.replay-controls button:disabled { opacity: .5; cursor: default; }
.replay-scrubber { flex: 1 1 auto; min-width: 80px; }
.replay-time { font-family: monospace; white-space: nowrap; }
.replay-keys { font-size: 12px; color: #999; }
.replay-message { padding: 8px; }
.replay-error { color: #ed5565; }
.replay-commands { position: relative; flex: 0 0 260px; max-height: 560px; overflow: auto; border: 1px solid #e7eaec; background: #fff; }
.replay-commands h3 { margin: 0; padding: 6px 8px; font-size: 13px; border-bottom: 1px solid #e7eaec; }
.replay-commands ol { list-style: none; margin: 0; padding: 0; }
.replay-commands button { display: flex; gap: 8px; width: 100%; padding: 4px 8px; border: 0; background: none; font: 12px monospace;
  text-align: left; cursor: pointer; color: inherit; }
.replay-commands button:hover { background: #f0f9f6; }
.replay-commands li[aria-current="true"] button { background: #1ab394; color: #fff; }
.replay-commands .risk-5 .command-input { color: #ed5565; }
.replay-commands li[aria-current="true"].risk-5 .command-input { color: #fff; font-weight: bold; }
.command-time { flex: 0 0 auto; opacity: .7; }
.command-input { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`

// Shared look of page content: panels, forms, simple tables.
export const pageCss = `
.panel { background: var(--_color-surface); padding: calc(var(--_spacing) * 2.5); border-top: 2px solid var(--_color-border); margin-bottom: 20px; }
.panel h2, .panel h3 { margin: 0 0 16px; font-size: 16px; color: var(--_color-heading); }
.form { display: grid; gap: 14px; max-width: 560px; }
.form .actions { display: flex; gap: 8px; }
.field-error { color: var(--_color-danger); font-size: 12px; margin-top: 4px; }
.form-error { color: var(--_color-danger); }
.hint-list { margin: 0; padding-left: 18px; font-size: 12px; }
.hint-list li.ok { color: var(--_color-primary); }
.password-expiry-notice { margin: 0 0 12px; padding: 8px 12px; color: var(--_color-warning); background: var(--_color-warning-background); border: 1px solid var(--_color-border); }
.info-table { border-collapse: collapse; width: 100%; max-width: 720px; }
.info-table th { text-align: right; width: 180px; padding: 8px 16px 8px 0; font-weight: 500; vertical-align: top; }
.info-table td { padding: 8px 0; word-break: break-all; }
.data-table { border-collapse: collapse; width: 100%; font-size: 13px; }
.data-table th, .data-table td { border-bottom: 1px solid var(--_color-border); padding: var(--_spacing); text-align: left; }
.toolbar { display: flex; gap: 8px; align-items: center; margin-bottom: 12px; }
.toolbar .spacer { flex: 1; }
/* The console's sign-in page: a card on the page background, as the server's own sign-in page draws it. */
.login-page { min-height: 100vh; display: grid; place-items: center; padding: 16px; background: var(--_color-background); }
.login { width: min(360px, 100%); margin: 0; border-top: 0; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
.login .form { max-width: none; }
.login-captcha .captcha-picture { display: flex; align-items: center; gap: 8px; margin-top: 6px; }
.login-captcha img { border: 1px solid var(--_color-border); }
/* Drawn without the shell: it paints its own background, or the dark theme's light text sat on the host page's white. */
.not-found { text-align: center; padding: 10vh 20px; min-height: 100vh; box-sizing: border-box; background: var(--_color-background); color: var(--_color-text); }
.not-found h1 { font-size: 64px; margin: 0; color: var(--_color-heading); }
`;

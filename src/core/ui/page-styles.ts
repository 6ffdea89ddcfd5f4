// Shared look of page content: panels, forms, simple tables.
export const pageCss = `
.panel { background: #fff; padding: 20px; border-top: 2px solid #e7eaec; margin-bottom: 20px; }
.panel h2, .panel h3 { margin: 0 0 16px; font-size: 16px; color: #2f4050; }
.form { display: grid; gap: 14px; max-width: 560px; }
.form .actions { display: flex; gap: 8px; }
.field-error { color: #ed5565; font-size: 12px; margin-top: 4px; }
.form-error { color: #ed5565; }
.hint-list { margin: 0; padding-left: 18px; font-size: 12px; }
.hint-list li.ok { color: #1ab394; }
.password-expiry-notice { margin: 0 0 12px; padding: 8px 12px; color: #8a6d3b; background: #fcf8e3; border: 1px solid #faebcc; }
.info-table { border-collapse: collapse; width: 100%; max-width: 720px; }
.info-table th { text-align: right; width: 180px; padding: 8px 16px 8px 0; font-weight: 500; vertical-align: top; }
.info-table td { padding: 8px 0; word-break: break-all; }
.data-table { border-collapse: collapse; width: 100%; font-size: 13px; }
.data-table th, .data-table td { border-bottom: 1px solid #e7eaec; padding: 8px; text-align: left; }
.toolbar { display: flex; gap: 8px; align-items: center; margin-bottom: 12px; }
.toolbar .spacer { flex: 1; }
.login { max-width: 360px; margin: 10vh auto; }
.login-captcha .captcha-picture { display: flex; align-items: center; gap: 8px; margin-top: 6px; }
.login-captcha img { border: 1px solid #e7eaec; }
.not-found { text-align: center; padding: 10vh 20px; }
.not-found h1 { font-size: 64px; margin: 0; color: #2f4050; }
`

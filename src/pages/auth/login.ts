import { LOGIN_PATH, UI_BASE } from '../../core/config.ts'
import { COOKIE, getCookie } from '../../core/cookies.ts'
import { apiUrl } from '../../core/http.ts'

export type LoginOutcome =
  | { ok: true }
  | { ok: false; serverMessage: string; step?: undefined }
  /** MFA: the code step (/core/auth/login/otp/) or the OTP binding page (`url`) comes next. */
  | { ok: false; step: 'otp'; serverMessage?: undefined }
  | { ok: false; step: 'bind'; url: string; serverMessage?: undefined }

const OTP_STEP_PATH = '/core/auth/login/otp/'
const OTP_BIND_PREFIX = '/core/auth/profile/otp/'

/** Same-site relative paths only, so a crafted link cannot send the user elsewhere after login. */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return UI_BASE
  return next
}

/** The error the server printed on its re-rendered form; text only, it is never inserted as HTML. */
function formError(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return doc.querySelector('.error, [role="alert"], .errorlist')?.textContent?.trim() ?? ''
}

/**
 * Signs in through the server's own form (spec §2 "Login is on the server path"): the GET hands out
 * the csrftoken cookie, the POST answers a redirect on success and the form again on failure.
 */
export async function submitLogin(username: string, password: string, next: string): Promise<LoginOutcome> {
  const url = apiUrl(LOGIN_PATH)
  await fetch(url, { credentials: 'same-origin' })
  const form = new URLSearchParams({
    csrfmiddlewaretoken: getCookie(COOKIE.csrftoken) ?? '',
    username,
    password,
    next,
  })
  // Redirects are followed; where they end tells the outcome (the form again = refused).
  const response = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin' })
  const path = new URL(response.url || url, window.location.href).pathname
  if (path.endsWith(OTP_STEP_PATH)) return { ok: false, step: 'otp' }
  if (path.includes(OTP_BIND_PREFIX)) return { ok: false, step: 'bind', url: response.url }
  if (path.endsWith(LOGIN_PATH)) return { ok: false, serverMessage: formError(await response.text()) }
  return { ok: true }
}

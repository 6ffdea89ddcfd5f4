// The MFA step of the server's sign-in (2.3's /core/auth/login/otp/): the code goes in field otp_code with
// the csrftoken; redirects are followed and where they end tells the outcome — the step again = refused
// (its error text), the login form = the step expired (the password is asked again), else signed in.
import { LOGIN_PATH } from '../../core/config.ts';
import { COOKIE, getCookie } from '../../core/cookies.ts';
import { apiUrl } from '../../core/http.ts';

export const OTP_STEP_PATH = '/core/auth/login/otp/';

export type OtpOutcome = { ok: true } | { ok: false; expired: boolean; serverMessage: string };

/** The error the server printed on the re-rendered step; text only, never inserted as HTML. */
function stepError(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.querySelector('.error, [role="alert"]')?.textContent?.trim() ?? '';
}

export async function submitOtpCode(code: string): Promise<OtpOutcome> {
  const url = apiUrl(OTP_STEP_PATH);
  const form = new URLSearchParams({ csrfmiddlewaretoken: getCookie(COOKIE.csrftoken) ?? '', otp_code: code.trim() });
  const response = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin' });
  const path = new URL(response.url || url, window.location.href).pathname;
  if (path.endsWith(OTP_STEP_PATH))
    return { ok: false, expired: false, serverMessage: stepError(await response.text()) };
  if (path.endsWith(LOGIN_PATH)) return { ok: false, expired: true, serverMessage: '' };
  return { ok: true };
}

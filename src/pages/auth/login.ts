import { LOGIN_PATH, UI_BASE } from '../../core/config.ts';
import { COOKIE, getCookie } from '../../core/cookies.ts';
import { apiUrl } from '../../core/http.ts';
import { OTP_STEP_PATH } from './otp-login.ts';
import { encryptPassword } from './rsa-password.ts';

/** The forced OTP binding pages (MFA required but not set up). */
const OTP_BINDING_PREFIX = '/core/auth/profile/otp/';

/** What the server's login form (ours or a real 2.3's) holds that the console needs. */
export interface LoginForm {
  /** The RSA public key (PEM) the password is encrypted with; '' when the form has none. */
  publicKey: string;
  /** Asked after a failed sign-in from this address: the challenge's key and its picture. */
  captcha: { key: string; image: string } | null;
  /** The error the server printed on the form, as text. */
  error: string;
}

export interface Credentials {
  username: string;
  password: string;
  next: string;
  /** The answer to the form's captcha, when it shows one. */
  captcha?: string;
}

export type LoginOutcome =
  | { ok: true }
  | { ok: false; step: 'otp' }
  | { ok: false; step: 'bind'; url: string }
  | { ok: false; step?: undefined; serverMessage: string; form: LoginForm };

/** Same-site relative paths only, so a crafted link cannot send the user elsewhere after login. */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return UI_BASE;
  return next;
}

// 2.3 prints the key into its page script (`var rsaPublicKey = "-----BEGIN…\n…"`, newlines escaped);
// ours keeps it in a data attribute of the form (no inline script under our CSP).
const SCRIPT_KEY = /var\s+rsaPublicKey\s*=\s*"([^"]*)"/;

/** Reads the form's HTML as data: nothing of it is ever inserted into the page as markup. */
export function parseLoginForm(html: string): LoginForm {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const fromScript = [...doc.scripts].map((script) => SCRIPT_KEY.exec(script.textContent ?? '')?.[1]).find(Boolean);
  const publicKey =
    doc.querySelector('form[data-rsa-public-key]')?.getAttribute('data-rsa-public-key') ??
    fromScript?.replace(/\\n/g, '\n') ??
    '';
  const key = doc.querySelector<HTMLInputElement>('input[name="captcha_0"]')?.value ?? '';
  const src = doc.querySelector('img.captcha')?.getAttribute('src') ?? '';
  const error = doc.querySelector('.error, [role="alert"], .errorlist, .red-fonts')?.textContent?.trim() ?? '';
  return {
    publicKey,
    captcha: key && src ? { key, image: src.startsWith('/') ? apiUrl(src) : src } : null,
    // Django's as_text() lists errors as "* message".
    error: error.replace(/^\*\s*/, ''),
  };
}

/** GETs the form: the csrftoken cookie, the flow's public key, and the captcha if one is asked. */
export async function loadLoginForm(): Promise<LoginForm> {
  const response = await fetch(apiUrl(LOGIN_PATH), { credentials: 'same-origin' });
  return parseLoginForm(await response.text());
}

/**
 * Signs in through the server's own form (spec §2 "Login is on the server path") with the password
 * RSA-encrypted as 2.3's page sends it. The form is fetched again first (the csrf cookie and key of
 * a page left open may have expired); `shown` is the one whose captcha the user answered. Redirects
 * are followed, and where they end tells the outcome: the form again = refused; the MFA step or an
 * OTP binding page = more to do; anywhere else = signed in.
 */
export async function submitLogin(credentials: Credentials, shown?: LoginForm): Promise<LoginOutcome> {
  const fresh = await loadLoginForm();
  const captcha = shown ? shown.captcha : fresh.captcha;
  const body = new URLSearchParams({
    csrfmiddlewaretoken: getCookie(COOKIE.csrftoken) ?? '',
    username: credentials.username,
    password: await encryptPassword(fresh.publicKey, credentials.password),
    next: credentials.next,
  });
  if (captcha) {
    body.set('captcha_0', captcha.key);
    body.set('captcha_1', credentials.captcha ?? '');
  }
  const response = await fetch(apiUrl(LOGIN_PATH), { method: 'POST', body, credentials: 'same-origin' });
  const path = new URL(response.url, window.location.href).pathname;
  if (path === LOGIN_PATH) {
    const again = parseLoginForm(await response.text());
    return { ok: false, serverMessage: again.error, form: again };
  }
  if (path === OTP_STEP_PATH) return { ok: false, step: 'otp' };
  if (path.startsWith(OTP_BINDING_PREFIX)) return { ok: false, step: 'bind', url: response.url };
  if (response.status >= 500) throw new Error(`login answered ${response.status}`);
  return { ok: true };
}

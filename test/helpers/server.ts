// Talking to the reference server from a browser test, through the test page's own origin (the wtr
// dev server proxies /api/, /core/, /static/ and /ui/), so cookies behave as they do for the console.
import { executeServerCommand } from '@web/test-runner-commands';
import { loadLoginForm, submitLogin, type LoginOutcome } from '../../src/pages/auth/login.ts';

export const LOGIN_PATH = '/core/auth/login/';
export const LOGOUT_PATH = '/core/auth/logout/';
export const PROFILE_URL = '/api/v1/users/profile/';
/** Seeded for every demo user by the test run's server (scripts/wtr/reference-server.mjs). */
export const DEMO_PASSWORD = 'bastion';

export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
}

export interface Profile {
  id: string;
  username: string;
  name: string;
  [field: string]: unknown;
}

export function cookie(name: string): string | undefined {
  for (const pair of document.cookie.split('; ')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) return decodeURIComponent(pair.slice(eq + 1));
  }
  return undefined;
}

export function csrf(): string {
  return cookie('csrftoken') ?? '';
}

/** Expires every cookie JavaScript can see; HttpOnly ones (sessionid) need logout(). */
export function clearCookies(): void {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    const name = pair.split('=')[0];
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** The org the console last chose (cookie `jms_current_org` holds `{"id","name"}`), else DEFAULT. */
export function currentOrgId(): string {
  try {
    const chosen = JSON.parse(cookie('jms_current_org') ?? 'null') as { id?: string } | null;
    if (chosen?.id) return chosen.id;
  } catch {
    // a malformed cookie means no choice was made
  }
  return cookie('X-JMS-ORG') ?? 'DEFAULT';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return isJson && text ? JSON.parse(text) : text;
}

/** A same-origin API call the way the console makes it (X-CSRFToken, X-JMS-ORG). */
export async function api<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: { org?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    'X-CSRFToken': csrf(),
    'X-JMS-ORG': options.org ?? currentOrgId(),
    // What the console asks for in its default language, so server labels match what a page shows.
    'Accept-Language': 'zh-hans',
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: (await readBody(response)) as T };
}

/** The answer of the login captcha `key`, as a person would read it off the picture (scripts/wtr/login-captcha.mjs). */
export function captchaAnswer(key: string): Promise<string> {
  return executeServerCommand<string, { key: string }>('login-captcha-answer', { key });
}

/**
 * One attempt through the server's login form exactly as the console's login page makes it (the
 * password RSA-encrypted, a captcha the form asks for answered): every browser test signs in here.
 */
export async function formLogin(username: string, password: string, next = '/ui/'): Promise<LoginOutcome> {
  const form = await loadLoginForm();
  const captcha = form.captcha ? await captchaAnswer(form.captcha.key) : undefined;
  return submitLogin({ username, password, next, captcha }, form);
}

/** Signs in through the server's login form, as a browser would, and returns the new profile. */
export async function loginAs(username: string, password = DEMO_PASSWORD): Promise<Profile> {
  await formLogin(username, password);
  const profile = await api<Profile>('GET', PROFILE_URL);
  if (profile.status !== 200 || profile.data.username !== username) {
    throw new Error(`login as ${username} failed: profile answered ${profile.status}`);
  }
  return profile.data;
}

export async function logout(): Promise<void> {
  await fetch(LOGOUT_PATH, { credentials: 'same-origin', redirect: 'manual' });
}

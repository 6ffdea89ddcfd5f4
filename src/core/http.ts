import axios from 'redaxios';
import { HTTP_TIMEOUT, PROFILE_URL } from './config.ts';
import { COOKIE, getCookie } from './cookies.ts';
import { HttpError, serverMessage } from './http-error.ts';
import { ownsPage, requireSignIn } from './embedding.ts';
import { t } from './i18n/index.ts';
import { hardNavigate, loginUrl } from './navigation.ts';
import { confirm, toast } from './stores/notify.ts';
import { $lang } from './stores/locale.ts';
import { requestOrgId } from './stores/org.ts';
import { armSessionRefresh } from './session-refresh.ts';
import { authFetch } from './portal-auth.ts';

export { HttpError } from './http-error.ts';
export { stopSessionRefresh, isSessionRefreshArmed } from './session-refresh.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

export interface RequestOptions {
  method?: Method;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  /** Suppresses the automatic error toast (setting tests show their own result). */
  disableFlashErrMsg?: boolean;
  /**
   * Reports nothing (no toast, no re-login prompt) and does not re-arm the session refresh: a call
   * sent ahead of its page (engine/early.ts), which sends a failed one again with the usual reporting.
   */
  quiet?: boolean;
  responseType?: 'json' | 'text' | 'blob';
  /** The org to ask in (X-JMS-ORG) instead of the page's current one: an element whose `org` pins its own. */
  org?: string;
}

let apiBase = '';

/** Prefix for every API path; empty by default (spec §7), set when the API lives elsewhere. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : apiBase + path;
}

/** Whether the API (api-base) is on another origin than the page: then only a token signs calls in. */
export function apiIsCrossOrigin(): boolean {
  return new URL(apiUrl('/'), window.location.href).origin !== window.location.origin;
}

let zone: string | undefined;

type TemporalNow = { Temporal?: { Now: { timeZoneId(): string } } };

/**
 * The browser's zone, asked once. Temporal answers in about a millisecond; the Intl route costs a
 * fresh page ~25 ms (it loads the default locale's data first), on the path of every first call.
 */
export function timeZone(): string {
  zone ??= (globalThis as TemporalNow).Temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}

function defaultHeaders(org?: string): Record<string, string> {
  // The server's labels and messages follow the console's language, not the browser's (a Chinese
  // console in an English browser would otherwise get English column titles).
  const headers: Record<string, string> = {
    'X-TZ': timeZone(),
    'Accept-Language': $lang.get() === 'zh' ? 'zh-hans' : 'en',
  };
  const csrf = getCookie(COOKIE.csrftoken);
  if (csrf) headers['X-CSRFToken'] = csrf;
  const orgId = org ?? requestOrgId();
  if (orgId !== undefined) headers['X-JMS-ORG'] = orgId;
  return headers;
}

/** Drops empty params (null/undefined); arrays travel comma-joined, as DRF's id filters expect. */
function serializeParams(params: unknown): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}

const isProfileCall = (url: string) => url.split('?')[0].endsWith(PROFILE_URL);

export async function request<T = unknown>(opts: RequestOptions): Promise<T> {
  const url = apiUrl(opts.url);
  // redaxios has no timeout and does not forward a signal, so the signal is added in its fetch hook.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT);
  try {
    const response = await axios<T>({
      url,
      method: opts.method ?? 'get',
      params: opts.params,
      paramsSerializer: serializeParams,
      data: opts.data,
      headers: { ...defaultHeaders(opts.org), ...opts.headers },
      responseType: opts.responseType === 'blob' ? 'blob' : 'text',
      // authFetch: with a portal's token, Authorization: Bearer and no cookies (portal-auth.ts).
      fetch: (input, init) => authFetch(input, { ...init, signal: controller.signal }),
    });
    if (!isProfileCall(url) && !opts.quiet) armSessionRefresh(refreshSession);
    return response.data;
  } catch (failure) {
    throw toHttpError(failure, opts, url, controller.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
}

function refreshSession(): void {
  request({ url: PROFILE_URL, disableFlashErrMsg: true }).catch(() => undefined);
}

interface FailedResponse {
  status: number;
  data: unknown;
}

function isResponse(failure: unknown): failure is FailedResponse {
  return typeof failure === 'object' && failure !== null && 'status' in failure && 'config' in failure;
}

function toHttpError(failure: unknown, opts: RequestOptions, url: string, timedOut: boolean): HttpError {
  if (!isResponse(failure)) {
    // No response: rejected quietly, the caller decides what to show (spec §7).
    const message = timedOut ? t('http.error.timeout', { ms: HTTP_TIMEOUT }) : t('http.error.network');
    return new HttpError(message, 0, undefined, url);
  }
  const { status, data } = failure;
  if (status === 401) {
    if (!opts.quiet) onUnauthorized(url);
    return new HttpError(t('http.error.relogin'), status, data, url);
  }
  if (!isProfileCall(url) && !opts.quiet) armSessionRefresh(refreshSession);
  const message =
    status === 400 ? t('http.error.badRequest') : (serverMessage(data) ?? t('http.error.status', { status }));
  if (!opts.disableFlashErrMsg && !opts.quiet) toast.error(message);
  return new HttpError(message, status, data, url);
}

let reloginAsked = false;

function onUnauthorized(url: string): void {
  // In a host page nothing navigates: the elements show their sign-in prompt and tell the host.
  if (!ownsPage()) return requireSignIn(isProfileCall(url) ? 'no-session' : 'expired');
  // The profile call is the login check itself: no point asking, go to the login page.
  if (isProfileCall(url)) {
    hardNavigate(loginUrl());
    return;
  }
  if (reloginAsked) return; // many calls fail together when a session ends; ask once
  reloginAsked = true;
  void confirm({
    title: t('common.tips'),
    message: t('http.error.relogin'),
    confirmText: t('common.reLogin'),
    cancelText: t('common.cancel'),
    type: 'warning',
  }).then((reLogin) => {
    reloginAsked = false;
    if (reLogin) hardNavigate(loginUrl());
  });
}

type CallOptions = Omit<RequestOptions, 'url' | 'method' | 'data'>;

export const http = {
  get: <T = unknown>(url: string, opts?: CallOptions) => request<T>({ ...opts, url, method: 'get' }),
  options: <T = unknown>(url: string, opts?: CallOptions) => request<T>({ ...opts, url, method: 'options' }),
  delete: <T = unknown>(url: string, opts?: CallOptions) => request<T>({ ...opts, url, method: 'delete' }),
  post: <T = unknown>(url: string, data?: unknown, opts?: CallOptions) =>
    request<T>({ ...opts, url, data, method: 'post' }),
  put: <T = unknown>(url: string, data?: unknown, opts?: CallOptions) =>
    request<T>({ ...opts, url, data, method: 'put' }),
  patch: <T = unknown>(url: string, data?: unknown, opts?: CallOptions) =>
    request<T>({ ...opts, url, data, method: 'patch' }),
};

import { HttpError, http } from '../../core/http.ts';
import { serverMessage } from '../../core/http-error.ts';

export const LDAP_TEST_CONFIG_URL = '/api/v1/settings/ldap/testing/config/';
export const LDAP_TEST_LOGIN_URL = '/api/v1/settings/ldap/testing/login/';
export const LDAP_USERS_URL = '/api/v1/settings/ldap/users/';
export const LDAP_IMPORT_URL = '/api/v1/settings/ldap/users/import/';
export const LDAP_REFRESH_URL = '/api/v1/settings/ldap/cache/refresh/';

export interface LdapUserRow extends Record<string, unknown> {
  id: string;
  username: string;
  name: string;
  email: string;
  existing: boolean;
}
export interface LdapUserPage {
  count: number;
  results: LdapUserRow[];
}

/** The text of an answer: 2.3 answers its tests with a bare JSON string, failures with {error}/{msg}/{errors}. */
export function answerText(data: unknown): string {
  if (typeof data === 'string') return data;
  const known = serverMessage(data);
  if (known) return known;
  if (data && typeof data === 'object') {
    const body = data as Record<string, unknown>;
    // Per-user import errors: [{username: message}], or DRF's per-field errors.
    const entries = Array.isArray(body.errors)
      ? body.errors.flatMap((e) => Object.entries(e as object))
      : Object.entries(body);
    return entries.map(([name, message]) => `${name}: ${([] as unknown[]).concat(message).join(' ')}`).join('; ');
  }
  return '';
}

/** The outcome of a call as {ok, text}: the server's own words either way. */
export async function outcome(call: Promise<unknown>): Promise<{ ok: boolean; text: string }> {
  try {
    return { ok: true, text: answerText(await call) };
  } catch (error) {
    const text = error instanceof HttpError ? answerText(error.data) : '';
    return { ok: false, text: text || (error as Error).message };
  }
}

const quiet = { disableFlashErrMsg: true };

export const testLdapConfig = (values: Record<string, unknown>) =>
  outcome(http.post(LDAP_TEST_CONFIG_URL, values, quiet));
export const testLdapLogin = (username: string, password: string) =>
  outcome(http.post(LDAP_TEST_LOGIN_URL, { username, password }, quiet));
export const importLdapUsers = (usernames: string[]) =>
  outcome(http.post(LDAP_IMPORT_URL, { username_list: usernames }, quiet));
export const refreshLdapCache = () => outcome(http.get(LDAP_REFRESH_URL, quiet));

/** While the server's background sync runs the list answers 409; this is how often to ask again. */
export const SYNC_POLL_MS = 1000;

export type UsersAnswer =
  { state: 'syncing' } | { state: 'ready'; page: LdapUserPage } | { state: 'failed'; text: string };

/** One page of the cached directory users; 409 (sync started or running) is `syncing`, not an error. */
export async function fetchLdapUsers(params: {
  search: string;
  order: string;
  limit: number;
  offset: number;
}): Promise<UsersAnswer> {
  try {
    const query = { cache_police: 1, ...params, search: params.search || undefined, order: params.order || undefined };
    const page = await http.get<LdapUserPage | LdapUserRow[]>(LDAP_USERS_URL, { ...quiet, params: query });
    // A server that does not page answers the whole list.
    return { state: 'ready', page: Array.isArray(page) ? { count: page.length, results: page } : page };
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return { state: 'syncing' };
    return {
      state: 'failed',
      text: (error instanceof HttpError ? answerText(error.data) : '') || (error as Error).message,
    };
  }
}

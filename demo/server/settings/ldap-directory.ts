// Talking to the LDAP directory (ldapts): one place for the connection rules every LDAP feature shares
// (config test, login test, the user sync, sign-in). The server URI's host passes the outbound
// allow-list before any socket opens, and every client is unbound in `finally`, even after a failed
// bind, or ldapts keeps its socket (and the process) alive.
import { isIP } from 'node:net';
import { Client, ResultCodeError, type Entry } from 'ldapts';
import type { ServerState } from '../core/context.ts';
import {
  parseAllowedTargets,
  resolveAllowed,
  ALLOWED_TARGETS_ENV,
  type TargetPolicy,
} from '../../shared/allowed-targets.ts';
import type { Settings } from '../core/context.ts';

/** The AUTH_LDAP_* values as one object (2.3's LDAPConfig). */
export interface LdapConfig {
  serverUri: string;
  bindDn: string;
  password: string;
  startTls: boolean;
  /** One or more OUs joined by `|`, as 2.3 allows. */
  searchOu: string;
  /** With `%(user)s` where the username goes, e.g. `(cn=%(user)s)`. */
  searchFilter: string;
  attrMap: Record<string, string>;
  authLdap: boolean;
}

/** A user as the directory describes it, through AUTH_LDAP_USER_ATTR_MAP (username, name, email…). */
export type LdapUser = Record<string, string>;

/** Bounds of each step: a dead host answers within seconds, not the request's 60 s. */
export const LDAP_TIMEOUTS = { connectTimeout: 5000, timeout: 10000 };
/** 2.3's AUTH_LDAP_SEARCH_PAGED_SIZE. */
const PAGE_SIZE = 1000;

export function storedLdapConfig(settings: Settings): LdapConfig {
  return {
    serverUri: String(settings.get('AUTH_LDAP_SERVER_URI') ?? ''),
    bindDn: String(settings.get('AUTH_LDAP_BIND_DN') ?? ''),
    password: String(settings.get('AUTH_LDAP_BIND_PASSWORD') ?? ''),
    startTls: settings.get('AUTH_LDAP_START_TLS') === true,
    searchOu: String(settings.get('AUTH_LDAP_SEARCH_OU') ?? ''),
    searchFilter: String(settings.get('AUTH_LDAP_SEARCH_FILTER') ?? ''),
    attrMap: settings.get<Record<string, string>>('AUTH_LDAP_USER_ATTR_MAP') ?? {},
    authLdap: settings.get('AUTH_LDAP') === true,
  };
}

// The routes register the server's allow-list here so the sign-in check (which only has the request)
// connects under the same rule.
const policies = new WeakMap<ServerState, TargetPolicy>();
export const setLdapPolicy = (state: ServerState, policy: TargetPolicy): void => {
  policies.set(state, policy);
};
export const ldapPolicy = (state: ServerState): TargetPolicy =>
  policies.get(state) ?? parseAllowedTargets(process.env[ALLOWED_TARGETS_ENV]);

/** Thrown before connecting when the URI is not ldap(s)://host[:port]. */
export class LdapUriError extends Error {}

/** True for an answer of the LDAP server (wrong password, no such object…), false for socket trouble. */
export const isLdapResult = (error: unknown): error is ResultCodeError => error instanceof ResultCodeError;

/** The reason in words: ldapts' result errors carry only "Code: 0x31" after the server's (often empty) text. */
export function ldapErrorText(error: unknown): string {
  if (error instanceof ResultCodeError) {
    const name = error.name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
    const detail = error.message.replace(/\s*Code: 0x[0-9a-f]+\s*$/i, '').trim();
    return detail ? `${name}: ${detail}` : name;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A client connected to the checked address of the URI's host; the caller must unbind it. */
export async function openClient(
  config: Pick<LdapConfig, 'serverUri' | 'startTls'>,
  policy: TargetPolicy,
): Promise<Client> {
  let uri: URL;
  try {
    uri = new URL(config.serverUri.trim());
  } catch {
    throw new LdapUriError(`"${config.serverUri}" is not an LDAP URI (ldap://host:port)`);
  }
  if ((uri.protocol !== 'ldap:' && uri.protocol !== 'ldaps:') || !uri.hostname) {
    throw new LdapUriError(`"${config.serverUri}" is not an LDAP URI (ldap://host:port)`);
  }
  const host = uri.hostname.replace(/^\[(.*)\]$/, '$1');
  const address = await resolveAllowed(host, policy);
  const port = uri.port || (uri.protocol === 'ldaps:' ? '636' : '389');
  const literal = address.includes(':') ? `[${address}]` : address;
  // Certificates are checked against the name the admin typed, not the address it resolved to (an IP
  // literal is no server name). ldapts speaks TLS from the first byte whenever tlsOptions is given, so
  // plain ldap:// gets none.
  const tlsOptions = isIP(host) ? {} : { servername: host };
  const client = new Client({
    url: `${uri.protocol}//${literal}:${port}`,
    ...(uri.protocol === 'ldaps:' ? { tlsOptions } : {}),
    ...LDAP_TIMEOUTS,
  });
  if (config.startTls && uri.protocol === 'ldap:') {
    try {
      await client.startTLS(tlsOptions);
    } catch (error) {
      await client.unbind().catch(() => undefined);
      throw error;
    }
  }
  return client;
}

/** Runs `work` with a client bound as `dn`; always unbinds. */
export async function withBoundClient<T>(
  config: LdapConfig,
  policy: TargetPolicy,
  dn: string,
  password: string,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = await openClient(config, policy);
  try {
    await client.bind(dn, password);
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

const firstValue = (value: Entry[string] | undefined): string => {
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return '';
  return Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
};

/** An entry through the attribute map: {username: entry[uid], name: entry[cn], …}; missing attributes read ''. */
export function entryToUser(entry: Entry, attrMap: Record<string, string>): LdapUser {
  const lower = new Map(Object.keys(entry).map((key) => [key.toLowerCase(), key]));
  return Object.fromEntries(
    Object.entries(attrMap).map(([field, attr]) => {
      const key = lower.get(String(attr).toLowerCase());
      return [field, key ? firstValue(entry[key]) : ''];
    }),
  );
}

/** RFC 4515 escaping of a value put into a filter (a username must not widen the search). */
export const escapeFilterValue = (value: string): string =>
  value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** 2.3's filter template with `%(user)s` replaced (`*` lists everyone). */
export const userFilter = (config: LdapConfig, user: string): string =>
  config.searchFilter.split('%(user)s').join(user);

export const searchOus = (config: LdapConfig): string[] =>
  config.searchOu
    .split('|')
    .map((ou) => ou.trim())
    .filter(Boolean);

/** Every entry the filter matches under one OU, paged as 2.3 pages (1000 per page). */
export async function searchOu(client: Client, config: LdapConfig, ou: string, filter: string): Promise<Entry[]> {
  const { searchEntries } = await client.search(ou, {
    scope: 'sub',
    filter,
    attributes: [...new Set(Object.values(config.attrMap).map(String))],
    paged: { pageSize: PAGE_SIZE },
  });
  return searchEntries;
}

/** Every directory user under every OU (the background sync of the user list). */
export async function searchAllUsers(config: LdapConfig, policy: TargetPolicy): Promise<LdapUser[]> {
  return withBoundClient(config, policy, config.bindDn, config.password, async (client) => {
    const users: LdapUser[] = [];
    for (const ou of searchOus(config)) {
      for (const entry of await searchOu(client, config, ou, userFilter(config, '*')))
        users.push(entryToUser(entry, config.attrMap));
    }
    return users;
  });
}

export type LdapLogin =
  { ok: true; user: LdapUser; dn: string } | { ok: false; reason: 'not_found' | 'rejected'; message: string };

/**
 * 2.3's LDAPUser._authenticate_user_dn: find the user's DN with the filter (bound as the bind DN),
 * exactly one match, then bind as that DN with the password. Socket or configuration trouble rejects.
 */
export async function authenticateLdapUser(
  config: LdapConfig,
  policy: TargetPolicy,
  username: string,
  password: string,
): Promise<LdapLogin> {
  const filter = userFilter(config, escapeFilterValue(username));
  const found = await withBoundClient(config, policy, config.bindDn, config.password, async (client) => {
    const entries: Entry[] = [];
    for (const ou of searchOus(config)) entries.push(...(await searchOu(client, config, ou, filter)));
    return entries;
  });
  if (found.length !== 1) return { ok: false, reason: 'not_found', message: 'failed to map the username to a DN.' };
  const [entry] = found;
  // An empty password would be an anonymous bind, which "succeeds": never a sign-in.
  if (!password) return { ok: false, reason: 'rejected', message: 'user DN/password rejected by LDAP server.' };
  const client = await openClient(config, policy);
  try {
    await client.bind(entry.dn, password);
  } catch (error) {
    if (isLdapResult(error))
      return { ok: false, reason: 'rejected', message: 'user DN/password rejected by LDAP server.' };
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
  return { ok: true, user: entryToUser(entry, config.attrMap), dn: entry.dn };
}

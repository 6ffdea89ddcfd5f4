// The directory's users for the import dialog (§2.11), as 2.3 serves them: a cache filled by a
// background sync. The first GET ldap/users/?cache_police=1 starts the sync and answers 409 "Sync
// start.", later ones 409 while it runs, then the list (or 400 with the sync's error). cache/refresh/
// drops the cache and starts a new sync; users/import/ creates or updates the chosen users.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordOperation } from '../core/operate-log-store.ts';
import { authorize, IsSuperUser } from '../core/permissions.ts';
import type { ServerState } from '../core/context.ts';
import type { AuthedCtx, Row } from '../engine/types.ts';
import { pageOf, paginated } from '../engine/paging.ts';
import { singleValues } from '../engine/query-params.ts';
import { pick, t } from '../core/lib/i18n.ts';
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { usersResource } from '../users/resources/users.ts';
import { usernameExists } from '../users/user-store.ts';
import { ldapErrorText, searchAllUsers, storedLdapConfig, type LdapUser } from './ldap-directory.ts';
import { upsertLdapUser } from './ldap-import.ts';
import { LDAP_TEXT } from './ldap-messages.ts';

/** 2.3's LDAP_USE_CACHE_FLAGS. */
const USE_CACHE = new Set(['1', 'true', 'True']);

interface SyncState {
  status: 'RUNNING' | 'OVER' | null;
  users: LdapUser[] | null;
  error: string | null;
  /** Bumped by a refresh, so a sync started before it cannot fill the new cache with old results. */
  generation: number;
  running: Promise<void> | null;
}

const states = new WeakMap<ServerState, SyncState>();
function syncState(state: ServerState): SyncState {
  let sync = states.get(state);
  if (!sync) states.set(state, (sync = { status: null, users: null, error: null, generation: 0, running: null }));
  return sync;
}

function startSync(state: ServerState, policy: TargetPolicy): void {
  const sync = syncState(state);
  const generation = sync.generation;
  sync.status = 'RUNNING';
  sync.running = searchAllUsers(storedLdapConfig(state.settings), policy)
    .then(
      (users) => {
        if (sync.generation === generation) sync.users = users;
      },
      (error: unknown) => {
        if (sync.generation === generation) sync.error = ldapErrorText(error);
      },
    )
    .finally(() => {
      if (sync.generation === generation) {
        sync.status = 'OVER';
        sync.running = null;
      }
    });
}

/** Waits for a running sync (tests and shutdown); resolves at once when none runs. */
export async function ldapSyncSettled(state: ServerState): Promise<void> {
  await syncState(state).running;
}

/** 2.3's LDAPCacheUtil.filter_users: by username list, or a substring of any value. */
function filterUsers(users: LdapUser[], search: { usernames?: string[]; value?: string }): LdapUser[] {
  if (search.usernames?.length) return users.filter((user) => search.usernames!.includes(user.username));
  if (search.value) {
    const needle = search.value.toLowerCase();
    return users.filter((user) => Object.values(user).join(',').toLowerCase().includes(needle));
  }
  return users;
}

type Listed = { id: string; username: string; name: string; email: string; existing: boolean };

function listed(state: ServerState, users: LdapUser[], order: string | undefined): Listed[] {
  const rows = users.map((user) => ({
    id: user.username,
    username: user.username,
    name: user.name ?? '',
    email: user.email ?? '',
    existing: usernameExists(state.db, user.username),
  }));
  const wanted = order || 'existing';
  const reverse = wanted.startsWith('-');
  const key = wanted.replace(/^-/, '') as keyof Listed;
  if (!['id', 'username', 'name', 'email', 'existing'].includes(key)) return rows;
  const value = (row: Listed) => (typeof row[key] === 'boolean' ? Number(row[key]) : row[key]);
  // Stable like Python's sorted(); false before true, as 2.3's default `existing` order puts new users first.
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = value(a.row),
        y = value(b.row);
      const cmp = x < y ? -1 : x > y ? 1 : 0;
      return (reverse ? -cmp : cmp) || a.i - b.i;
    })
    .map(({ row }) => row);
}

export function registerLdapUserRoutes(app: FastifyInstance, policy: TargetPolicy): void {
  const state = app.bastion;
  const useCache = (request: FastifyRequest) =>
    USE_CACHE.has(singleValues(request.query as Record<string, unknown>).cache_police ?? '1');

  app.get('/api/v1/settings/ldap/users/', async (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const query = singleValues(request.query as Record<string, unknown>);
    const { lang } = request.ctx;
    let users: LdapUser[];
    if (useCache(request)) {
      const sync = syncState(state);
      if (sync.users === null) {
        if (sync.status === null) {
          startSync(state, policy);
          return reply.code(409).send({ msg: 'Sync start.' });
        }
        if (sync.status === 'RUNNING') return reply.code(409).send({ msg: 'synchronization is running.' });
        return reply.code(400).send({ error: pick(lang, LDAP_TEXT.syncError, { detail: sync.error ?? '' }) });
      }
      users = sync.users;
    } else {
      try {
        users = await searchAllUsers(storedLdapConfig(state.settings), policy);
      } catch (error) {
        return reply.code(400).send({ error: ldapErrorText(error) });
      }
    }
    const rows = listed(state, filterUsers(users, { value: query.search }), query.order);
    const page = pageOf(request.query as Record<string, unknown>);
    return page ? paginated(request, page, rows.length, rows.slice(page.offset, page.offset + page.limit)) : rows;
  });

  app.get('/api/v1/settings/ldap/cache/refresh/', async (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const sync = syncState(state);
    sync.generation += 1;
    Object.assign(sync, { status: null, users: null, error: null, running: null });
    startSync(state, policy);
    return { msg: 'success' };
  });

  app.post('/api/v1/settings/ldap/users/import/', async (request, reply) => {
    if (!authorize(request, reply, IsSuperUser)) return reply;
    const { lang } = request.ctx;
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const list = body.username_list;
    if (!Array.isArray(list) || list.length === 0 || !list.every((name) => typeof name === 'string' && name)) {
      return reply
        .code(400)
        .send({ error: `username_list: ${t(lang, list === undefined ? 'field.required' : 'field.invalid_list')}` });
    }
    let users: LdapUser[] | null;
    if (useCache(request)) {
      users = syncState(state).users;
    } else {
      try {
        users = await searchAllUsers(storedLdapConfig(state.settings), policy);
      } catch (error) {
        return reply.code(400).send({ error: ldapErrorText(error) });
      }
    }
    if (users === null) return reply.code(400).send({ error: pick(lang, LDAP_TEXT.noUsers) });
    const chosen = filterUsers(users, { usernames: list as string[] });
    const args = { db: state.db, ctx: request.ctx as AuthedCtx, request, now: state.now() };
    const errors: Record<string, string>[] = [];
    for (const user of chosen) {
      try {
        state.db.transaction(() => {
          const { user: row, created } = upsertLdapUser(state.db, user, args.now);
          recordOperation(usersResource, args, created ? 'create' : 'update', row as unknown as Row);
        })();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push({
          [user.username]: /UNIQUE constraint failed: users\.email/.test(message)
            ? `email: ${t(lang, 'field.unique')}`
            : message,
        });
      }
    }
    if (errors.length) return reply.code(400).send({ errors });
    return { msg: pick(lang, LDAP_TEXT.imported, { count: chosen.length }) };
  });
}

// Shared pieces of the audits tests: calls as a given user in a given org, a terminal's App user with
// a signed access key (as a registered terminal signs its calls), and rows of a list response.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { signFor } from '../../demo/server/auth/access-key-sign.ts';
import { seal } from '../../demo/server/secrets/vault.ts';
import { bearer, type TestClock } from './helpers.ts';

export type App = FastifyInstance & { clock: TestClock };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Rows = Record<string, unknown>[];

export function caller(app: App) {
  const tokens = new Map<string, Record<string, string>>();
  return async (method: Method, url: string, opts: { as?: string; org?: string; payload?: unknown; lang?: string } = {}): Promise<LightMyRequestResponse> => {
    const as = opts.as ?? 'admin';
    if (!tokens.has(as)) tokens.set(as, await bearer(app, as));
    const headers = { ...tokens.get(as), 'accept-language': opts.lang ?? 'en', ...(opts.org ? { 'x-jms-org': opts.org } : {}) };
    return app.inject({ method, url, headers, ...(opts.payload === undefined ? {} : { payload: opts.payload as never }) });
  };
}

/** A terminal's service account: an App user and an active access key; returns headers signing a call. */
export function appUser(app: App, name = 'koko-1'): () => Record<string, string> {
  const db = app.bastion.db;
  const id = randomUUID();
  const at = new Date(app.clock.now()).toISOString();
  db.prepare(`INSERT INTO users (id, username, name, email, role, is_first_login, date_expired, date_joined)
    VALUES (?, ?, ?, ?, 'App', 0, ?, ?)`).run(id, name, `[Koko]${name}`, `${name}@service.account.local`, '2094-01-01T00:00:00.000Z', at);
  const key = { id: randomUUID(), secret: randomUUID() };
  db.prepare('INSERT INTO access_keys (id, secret, user_id, is_active, date_created) VALUES (?, ?, ?, 1, ?)').run(key.id, seal(db, key.secret), id, at);
  return () => {
    const date = new Date(app.clock.now()).toUTCString();
    return { authorization: `Sign ${key.id}:${signFor(key.secret, date)}`, date };
  };
}

export const rowsOf = (response: LightMyRequestResponse): Rows => {
  const body = response.json();
  return (Array.isArray(body) ? body : body.results) as Rows;
};

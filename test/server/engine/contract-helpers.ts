// Shared pieces of the resource contract suite: a fresh app with the callers it needs, sample bodies
// from the definition, and the comparison "what was sent is what the API now returns".
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RequestContext, UserRow } from '../../../demo/server/core/context.ts';
import type { Action, FieldDef, ResourceDef, Row } from '../../../demo/server/engine/types.ts';
import { orgFromValue } from '../../../demo/server/core/orgs/current-org.ts';
import { bearer, build, orgId, type TestClock } from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
let seq = 0;

export interface Fixture {
  app: FastifyInstance & { clock: TestClock };
  eng: string;
  ops: string;
  /** A call as `username` (default admin) in `org` (default Engineering), English messages. */
  call: (
    method: Method,
    url: string,
    payload?: unknown,
    opts?: { as?: string; org?: string; headers?: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
  samples: (org?: string) => { create: Row[]; update: Row };
  /** Creates the definition's first N samples through the API and returns the bodies sent and received. */
  createSamples: (def: ResourceDef, n?: number, org?: string) => Promise<{ sent: Row; got: Row }[]>;
  may: (username: string, action: Action, org?: string) => boolean;
}

export async function fixture(t: TestContext, def: ResourceDef): Promise<Fixture> {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  const tokens = new Map<string, Record<string, string>>();
  const call: Fixture['call'] = async (method, url, payload, opts = {}) => {
    const as = opts.as ?? 'admin';
    if (!tokens.has(as)) tokens.set(as, await bearer(app, as));
    const headers = { ...tokens.get(as), 'x-jms-org': opts.org ?? eng, 'accept-language': 'en', ...opts.headers };
    return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
  };
  const samples = (org = eng) => def.sample({ db: app.bastion.db, orgId: org, seq: ++seq });
  const createSamples: Fixture['createSamples'] = async (d, n = 2, org = eng) => {
    const bodies = samples(org).create.slice(0, n);
    assert.equal(bodies.length, n, `${d.name}: sample() must give ${n} create bodies`);
    const out = [];
    for (const sent of bodies) {
      const response = await call('POST', d.url, sent, { org });
      assert.equal(response.statusCode, 201, `${d.name} create: ${response.body}`);
      out.push({ sent, got: response.json() as Row });
    }
    return out;
  };
  const may = (username: string, action: Action, org = eng) => {
    const user = app.bastion.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow;
    const ctx: RequestContext & { user: UserRow } = {
      user,
      via: 'bearer',
      sessionId: null,
      org: orgFromValue(app.bastion.db, org),
      lang: 'en',
      tz: 'UTC',
    };
    return def.permissions[action](app.bastion.db, ctx, app.bastion.now());
  };
  return { app, eng, ops, call, samples, createSamples, may };
}

/** Readable fields of the body come back with the value sent (coerced like the API coerces). */
export function assertEcho(def: ResourceDef, sent: Row, got: Row, what: string): void {
  for (const [name, value] of Object.entries(sent)) {
    const field: FieldDef | undefined = def.fields[name];
    if (!field || field.write_only || field.read_only || !(name in got) || field.type === 'datetime') continue;
    if (field.type === 'list')
      assert.deepEqual(
        [...(got[name] as unknown[])].map(String).sort(),
        [...(value as unknown[])].map(String).sort(),
        `${what}: ${name}`,
      );
    else if (field.type === 'boolean')
      assert.equal(got[name], value === true || value === 'True' || value === 1, `${what}: ${name}`);
    else assert.equal(String(got[name]), String(value), `${what}: ${name}`);
  }
}

export const idsOf = (body: unknown): string[] =>
  ((Array.isArray(body) ? body : (body as { results: Row[] }).results) as Row[]).map((r) => String(r.id));

export const requiredFields = (def: ResourceDef) =>
  Object.entries(def.fields)
    .filter(([, f]) => f.required && !f.read_only)
    .map(([name]) => name);

/** A CSV cell as the export writes it. */
export function csvCell(value: unknown): string {
  const text = Array.isArray(value)
    ? `[${value.map((v) => JSON.stringify(v)).join(', ')}]`
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

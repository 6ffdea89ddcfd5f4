// A fresh server for the Assets-section tests, with English answers and a caller per username.
import type { TestContext } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, build, orgId } from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type Call = (
  method: Method,
  url: string,
  payload?: unknown,
  opts?: { as?: string; org?: string },
) => Promise<LightMyRequestResponse>;

export async function assetsApp(t: TestContext) {
  const app = await build(t);
  const eng = orgId(app, 'Engineering');
  const ops = orgId(app, 'Operations');
  const tokens = new Map<string, Record<string, string>>();
  const call: Call = async (method, url, payload, opts = {}) => {
    const as = opts.as ?? 'admin';
    if (!tokens.has(as)) tokens.set(as, await bearer(app, as));
    const headers = { ...tokens.get(as), 'x-jms-org': opts.org ?? eng, 'accept-language': 'en' };
    return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
  };
  /** GET that must answer 200; returns the JSON body. */
  const get = async (url: string, opts?: { as?: string; org?: string }) => {
    const response = await call('GET', url, undefined, opts);
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const db = app.bastion.db;
  /** The id of the seeded node of Engineering at `value` (unique names in the seed tree). */
  const nodeId = (value: string, org = eng) =>
    db.prepare('SELECT id FROM nodes WHERE value = ? AND org_id = ?').pluck().get(value, org) as string;
  const assetId = (hostname: string, org = eng) =>
    db.prepare('SELECT id FROM assets WHERE hostname = ? AND org_id = ?').pluck().get(hostname, org) as string;
  return { app, db, eng, ops, call, get, nodeId, assetId };
}

export const hostnames = (body: unknown): string[] =>
  ((Array.isArray(body) ? body : (body as { results: { hostname: string }[] }).results) as { hostname: string }[])
    .map((r) => r.hostname)
    .sort();

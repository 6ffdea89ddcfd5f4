// Shared pieces of the audits tests: calls as a given user in a given org, and rows of a list response
// (a terminal's calls: terminal-helpers.ts registerTerminal).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, type TestClock } from '../helpers.ts';

export type App = FastifyInstance & { clock: TestClock };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type Rows = Record<string, unknown>[];

export function caller(app: App) {
  const tokens = new Map<string, Record<string, string>>();
  return async (
    method: Method,
    url: string,
    opts: { as?: string; org?: string; payload?: unknown; lang?: string } = {},
  ): Promise<LightMyRequestResponse> => {
    const as = opts.as ?? 'admin';
    if (!tokens.has(as)) tokens.set(as, await bearer(app, as));
    const headers = {
      ...tokens.get(as),
      'accept-language': opts.lang ?? 'en',
      ...(opts.org ? { 'x-jms-org': opts.org } : {}),
    };
    return app.inject({
      method,
      url,
      headers,
      ...(opts.payload === undefined ? {} : { payload: opts.payload as never }),
    });
  };
}

export const rowsOf = (response: LightMyRequestResponse): Rows => {
  const body = response.json();
  return (Array.isArray(body) ? body : body.results) as Rows;
};

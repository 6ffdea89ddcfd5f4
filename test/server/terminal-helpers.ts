// A registered terminal for the terminal tests: registration with the bootstrap token, then every call
// signed with the service account's access key, as the terminal component does.
import type { TestContext } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { signFor } from '../../demo/shared/access-key-signature.ts';
import { build, type TestClock } from './helpers.ts';

export const BOOTSTRAP = 'test-bootstrap-token-0123456789';

export type App = FastifyInstance & { clock: TestClock };

export async function buildTerminalApp(t: TestContext, opts: { allowedTargets?: string } = {}): Promise<App> {
  return build(t, { bootstrapToken: BOOTSTRAP, ...opts });
}

export interface Terminal {
  id: string;
  name: string;
  userId: string;
  key: { id: string; secret: string };
  call: (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
}

export async function registerTerminal(app: App, name = 'koko-test'): Promise<Terminal> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/terminal/terminal-registrations/',
    headers: { authorization: `BootstrapToken ${BOOTSTRAP}` },
    payload: { name, comment: 'test terminal' },
  });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  const key = body.service_account.access_key as { id: string; secret: string };
  const call: Terminal['call'] = (method, url, payload, headers = {}) => {
    const date = new Date(app.clock.now()).toUTCString();
    return app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { authorization: `Sign ${key.id}:${signFor(key.secret, date)}`, date, 'x-jms-org': 'ROOT', ...headers },
    });
  };
  return { id: body.id, name, userId: body.service_account.id, key, call };
}

export function idOf(app: App, sql: string, ...params: unknown[]): string {
  return app.bastion.db
    .prepare(sql)
    .pluck()
    .get(...params) as string;
}

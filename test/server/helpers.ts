// Each test gets a fresh server on its own temporary SQLite file, driven with app.inject.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../demo/server/app.ts';
import { loginFormFields } from '../../scripts/lib/form-login.mjs';

export const PASSWORD = 'bastion';

export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

export async function build(
  t: TestContext,
  opts: Partial<BuildOptions> = {},
): Promise<FastifyInstance & { clock: TestClock }> {
  const dir = mkdtempSync(join(tmpdir(), 'bastion-test-'));
  let current = Date.UTC(2024, 0, 15, 8, 30, 0);
  const clock: TestClock = {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
  // allowedTargets: whatever runs these files, a test server connects to loopback only.
  const app = await buildApp({
    dbFile: join(dir, 'test.sqlite3'),
    demoPassword: PASSWORD,
    now: clock.now,
    allowedTargets: '127.0.0.0/8',
    ...opts,
  });
  t.after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return Object.assign(app, { clock });
}

/** `name=value; ...` from the Set-Cookie headers of a response, merged over earlier cookies. */
export function cookieJar(
  response: LightMyRequestResponse,
  previous: Record<string, string> = {},
): Record<string, string> {
  const jar = { ...previous };
  for (const cookie of response.cookies) {
    if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}

export const cookieHeader = (jar: Record<string, string>): string =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

export interface Session {
  cookies: Record<string, string>;
  cookie: string;
  csrf: string;
  headers: Record<string, string>;
}

/** The answer of a pending login captcha, read from the server's store (a test sees what a person reads). */
export function captchaAnswer(app: FastifyInstance, key: string): string {
  return (
    (app.bastion.db.prepare('SELECT answer FROM captchas WHERE key = ?').pluck().get(key) as string | undefined) ?? ''
  );
}

export interface FormLogin {
  username: string;
  password?: string;
  next?: string;
  /** Cookies to start from (a flow, a language); the answer's cookies are merged over them. */
  jar?: Record<string, string>;
  headers?: Record<string, string>;
  /** Query of the GET (`?next=...`). */
  query?: string;
  /** The captcha answer to give when the form asks for one; default: the right one. */
  captcha?: string;
  /** Fields posted instead of the computed ones (a forged csrf token, a plain password). */
  extra?: Record<string, string>;
}

/**
 * Signs in through the HTML form as its script does in a browser: GET the form, encrypt the password
 * with its RSA key, answer its captcha if it asks, POST. Every test that posts the form goes through here.
 */
export async function postLoginForm(
  app: FastifyInstance,
  opts: FormLogin,
): Promise<{ response: LightMyRequestResponse; jar: Record<string, string>; form: LightMyRequestResponse }> {
  const headers = opts.headers ?? {};
  const form = await app.inject({
    method: 'GET',
    url: `/core/auth/login/${opts.query ?? ''}`,
    headers: { ...headers, cookie: cookieHeader(opts.jar ?? {}) },
  });
  let jar = cookieJar(form, opts.jar);
  const payload = await loginFormFields(form.body, {
    csrf: jar.csrftoken,
    username: opts.username,
    password: opts.password ?? PASSWORD,
    next: opts.next,
    answerCaptcha: (key) => opts.captcha ?? captchaAnswer(app, key),
    extra: opts.extra,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/core/auth/login/',
    headers: { ...headers, cookie: cookieHeader(jar) },
    payload,
  });
  jar = cookieJar(response, jar);
  return { response, jar, form };
}

/** Logs in through the HTML form exactly like a browser; `headers` carries the cookie and X-CSRFToken. */
export async function loginSession(app: FastifyInstance, username: string, password = PASSWORD): Promise<Session> {
  const { response, jar } = await postLoginForm(app, { username, password });
  if (response.statusCode !== 302) throw new Error(`login of ${username} failed: ${response.statusCode}`);
  const cookie = cookieHeader(jar);
  return { cookies: jar, cookie, csrf: jar.csrftoken, headers: { cookie, 'x-csrftoken': jar.csrftoken } };
}

/** Authorization header of a fresh bearer token. */
export async function bearer(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
): Promise<Record<string, string>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/auth/',
    payload: { username, password },
  });
  if (response.statusCode !== 201) throw new Error(`token for ${username} failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().token}` };
}

export function userId(app: FastifyInstance, username: string): string {
  return app.bastion.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username) as string;
}

export function orgId(app: FastifyInstance, name: string): string {
  return app.bastion.db.prepare('SELECT id FROM orgs WHERE name = ?').pluck().get(name) as string;
}

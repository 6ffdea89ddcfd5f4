// What every route handler may rely on: `app.bastion` (shared state) and `request.ctx` (who, where, how).
import type { DB } from './db/open.ts';
import type { Lang } from './lib/i18n.ts';
import type { MessageKey } from './lib/messages.ts';
import type { Clock } from './lib/time.ts';

export type SystemRole = 'Admin' | 'Auditor' | 'User' | 'App';
export type OrgRole = 'Admin' | 'Auditor' | 'User';

export interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  role: SystemRole;
  password_hash: string | null;
  wechat: string;
  phone: string | null;
  mfa_level: number;
  public_key: string;
  comment: string | null;
  is_active: number;
  is_first_login: number;
  date_expired: string;
  source: string;
  date_joined: string;
  last_login: string | null;
  created_by: string;
  date_password_last_updated: string | null;
}

/** DEFAULT and ROOT are pseudo-orgs (no row); `real` orgs are rows of `orgs`. */
export interface Org {
  id: string;
  name: string;
  kind: 'default' | 'root' | 'real';
}

export interface RequestContext {
  user: UserRow | null;
  /** `portal`: an access token given to a portal on another origin (core/auth/portal-tokens.ts: read-only, element calls only). */
  via: 'session' | 'bearer' | 'access_key' | 'portal' | null;
  sessionId: string | null;
  /** Why the credential the caller sent was refused (the 401's detail), where 2.3 says more than "not provided". */
  authFailure?: MessageKey;
  /** The session or bearer token came from a sign-in a reviewer approved (login confirmation: core/auth/credential-lock.ts). */
  loginConfirmed?: boolean;
  org: Org;
  lang: Lang;
  tz: string;
}

/**
 * The settings as handlers read and write them: one value per name (`settings/store.ts` keeps them, with their
 * defaults and sealing). An interface here, so the request context needs no feature.
 */
export interface Settings {
  get<T = unknown>(name: string): T;
  set(name: string, value: unknown, category: string): void;
}

export interface ServerState {
  db: DB;
  now: Clock;
  settings: Settings;
  /** Lifetime of a login (session and bearer token). */
  loginAgeMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    bastion: ServerState;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** A refused call's answer: its status and JSON body (a permission or rule said no). */
export type Refusal = { status: number; body: unknown };

// The state of a sign-in in progress, before there is a user session: what 2.3 keeps in the anonymous
// Django session between the login form, the MFA step and the forced OTP binding. A cookie names one
// row of login_flows; its JSON data is a small bag of named values. Rows live LOGIN_FLOW_AGE_MS after
// their last write and are swept as new flows start. The row is keyed by the hash of the cookie and its
// data sealed (a flow may hold the form's RSA private key, a pending OTP secret, a user who passed the
// password): reading the database neither continues a sign-in nor reads one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../../core/db/open.ts';
import { randomToken } from '../../core/lib/ids.ts';
import { tokenHash } from '../../core/secrets/token-hash.ts';
import { seal, unseal } from '../../core/secrets/vault.ts';
import {
  deleteLoginFlow,
  insertLoginFlow,
  loginFlowData,
  sweepLoginFlows,
  updateLoginFlow,
} from './login-flow-store.ts';

export const LOGIN_FLOW_COOKIE = 'jms_login_flow';
/** Long enough to read a code off a phone or scan a QR code, short enough not to matter once forgotten. */
export const LOGIN_FLOW_AGE_MS = 15 * 60 * 1000;

/** What a step of the sign-in may remember; each feature owns its keys. */
export interface LoginFlowData {
  /** RSA key pair of the login form (PEM); the password arrives encrypted with it. */
  rsaPrivateKey?: string;
  rsaPublicKey?: string;
  /** The user who passed the password check and still owes an MFA code or an OTP binding. */
  pendingUserId?: string;
  pendingNext?: string;
  /** Passed the password at this time (ms): the MFA step must follow within the flow's age. */
  pendingAt?: number;
  /** The API's MFA challenge was answered for pendingUserId (the next auth/ call issues the token). */
  mfaPassed?: boolean;
  /** Forced-MFA binding: the secret shown as a QR code, kept until the user proves it with a code. */
  otpSecretPending?: string;
  /** A signed-in user's recent proof for the OTP pages (2.3's auth_password_expired_at / auth_opt_expired_at). */
  otpAuthUserId?: string;
  otpPasswordAt?: number;
  otpCodeAt?: number;
  /** Login confirmation (auth/confirm/login-confirm.ts): the user waiting for a reviewer, their ticket, where to go after. */
  confirmUserId?: string;
  confirmTicketId?: string;
  confirmNext?: string;
  /** The refusal is in the login log already (the waiting page polls on). */
  confirmLogged?: boolean;
}

export interface LoginFlow {
  readonly data: LoginFlowData;
  /** Merges values in and saves (creating the row and its cookie on the first write). */
  update(values: Partial<LoginFlowData>): void;
  /** Ends the flow: the row is deleted and the cookie cleared. */
  clear(): void;
}

function readRow(request: FastifyRequest): { id: string; data: LoginFlowData } | null {
  const id = request.cookies[LOGIN_FLOW_COOKIE];
  if (!id) return null;
  const { db, now } = request.server.bastion;
  const raw = loginFlowData(db, tokenHash(id), now());
  if (raw === undefined) return null;
  try {
    return { id, data: JSON.parse(unseal(db, raw)) as LoginFlowData };
  } catch {
    return null;
  }
}

/** The caller's sign-in flow (an empty one when it has none yet; nothing is stored until `update`). */
export function loginFlow(request: FastifyRequest, reply: FastifyReply): LoginFlow {
  const { db, now } = request.server.bastion;
  const row = readRow(request);
  let id = row?.id ?? null;
  const data: LoginFlowData = row?.data ?? {};
  return {
    data,
    update(values) {
      Object.assign(data, values);
      const nowMs = now();
      if (!id) {
        id = randomToken();
        sweepLoginFlows(db, nowMs);
        insertLoginFlow(db, tokenHash(id), sealed(db, data), nowMs + LOGIN_FLOW_AGE_MS);
        reply.setCookie(LOGIN_FLOW_COOKIE, id, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          maxAge: LOGIN_FLOW_AGE_MS / 1000,
        });
      } else {
        updateLoginFlow(db, tokenHash(id), sealed(db, data), nowMs + LOGIN_FLOW_AGE_MS);
      }
    },
    clear() {
      if (id) deleteLoginFlow(db, tokenHash(id));
      id = null;
      for (const key of Object.keys(data)) delete data[key as keyof LoginFlowData];
      reply.clearCookie(LOGIN_FLOW_COOKIE, { path: '/' });
    },
  };
}

const sealed = (db: DB, data: LoginFlowData): string => seal(db, JSON.stringify(data));

import { randomBytes, randomUUID } from 'node:crypto';

export const uuid = (): string => randomUUID();

/** Opaque secrets (session ids, csrf and bearer tokens): 32 random bytes, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

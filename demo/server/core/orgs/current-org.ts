import type { FastifyRequest } from 'fastify';
import type { Org } from '../context.ts';
import type { DB } from '../db/open.ts';
import { orgByIdOrName } from './org-lookup-store.ts';

export const DEFAULT_ORG: Org = { id: 'DEFAULT', name: 'DEFAULT', kind: 'default' };
export const ROOT_ORG_ID = '00000000-0000-0000-0000-000000000000';
export const ROOT_ORG: Org = { id: ROOT_ORG_ID, name: 'ROOT', kind: 'root' };

/** Priority as JumpServer's middleware: ?oid= > header X-JMS-ORG > cookie X-JMS-ORG > DEFAULT. */
export function resolveOrg(db: DB, request: FastifyRequest): Org {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.oid === 'string' ? query.oid : undefined;
  const header = request.headers['x-jms-org'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const fromCookie = request.cookies?.['X-JMS-ORG'];
  return orgFromValue(db, fromQuery ?? fromHeader ?? fromCookie ?? '');
}

/** An org id, an org name, DEFAULT/empty, ROOT/zero uuid; anything unknown silently means DEFAULT. */
export function orgFromValue(db: DB, raw: string): Org {
  const value = raw.trim();
  if (!value || value.toUpperCase() === 'DEFAULT') return DEFAULT_ORG;
  if (value.toUpperCase() === 'ROOT' || value === ROOT_ORG_ID) return ROOT_ORG;
  const row = orgByIdOrName(db, value);
  return row ? { ...row, kind: 'real' } : DEFAULT_ORG;
}

/** The value stored in `org_id` columns for rows written in this org (ROOT writes land in DEFAULT). */
export function storedOrgId(org: Org): string {
  return org.kind === 'real' ? org.id : '';
}

/** Whether a row stored under `orgId` is visible in `org` (ROOT sees every org). */
export const orgSees = (org: Org, orgId: string): boolean => org.kind === 'root' || orgId === storedOrgId(org);

/** ` AND <column> = ?` limiting a query to `org`; nothing for ROOT, which sees every org. */
export function andInOrg(org: Org, column = 'org_id'): { sql: string; params: string[] } {
  return org.kind === 'root' ? { sql: '', params: [] } : { sql: ` AND ${column} = ?`, params: [storedOrgId(org)] };
}

// A resource definition: one plain object per REST resource; the engine derives list, CRUD, OPTIONS.
import type { FastifyRequest } from 'fastify';
import type { PermissionCheck } from '../auth/permissions.ts';
import type { RequestContext, UserRow } from '../context.ts';
import type { DB } from '../db/open.ts';
import type { Localized } from '../lib/i18n.ts';

export type FieldType = 'string' | 'integer' | 'boolean' | 'choice' | 'datetime' | 'email' | 'url' | 'list' | 'field';

export interface FieldDef {
  type: FieldType;
  label: Localized;
  required?: boolean;
  read_only?: boolean;
  write_only?: boolean;
  max_length?: number;
  allow_blank?: boolean;
  allow_null?: boolean;
  unique?: boolean;
  choices?: { value: string | number; label: Localized }[];
  default?: unknown | (() => unknown);
  /** false: not a column of the table (filled or consumed by hooks). */
  column?: boolean;
}

export type Action = 'list' | 'retrieve' | 'create' | 'update' | 'delete';
export type Row = Record<string, unknown>;
export type AuthedCtx = RequestContext & { user: UserRow };

export interface HookArgs { db: DB; ctx: AuthedCtx; request: FastifyRequest; now: number }

/** A hook may refuse with a status and a body (e.g. 403 {"error"}), or a 400 field-error map. */
export type Refusal = { status: number; body: unknown };

export interface ResourceDef {
  name: string;              // view name for OPTIONS, e.g. "Org List"
  model: Localized;          // for 404 "<Model> object does not exist."
  url: string;               // list URL, with trailing slash
  table: string;
  fields: Record<string, FieldDef>;
  searchFields?: string[];   // '^name' = starts with, else contains
  filterFields?: string[];
  orderingFields?: string[];
  defaultOrder?: string[];
  orgScoped?: boolean;
  /** POST makes a server-side object whatever is sent (access keys). */
  createIgnoresBody?: boolean;
  permissions: Record<Action, PermissionCheck>;
  /** Extra WHERE restricting every query, e.g. "only the caller's own rows". */
  scope?: (args: HookArgs) => { sql: string; params: unknown[] };
  hooks?: {
    /** Fill server-side columns (ids, owner, timestamps) before an insert. */
    beforeCreate?: (args: HookArgs, data: Row) => void;
    /** Extra validation; return field errors to reject with 400. */
    validate?: (args: HookArgs, data: Row, existing: Row | null) => Record<string, string[]> | null;
    afterWrite?: (args: HookArgs, id: string, data: Row, mode: 'create' | 'update') => void;
    beforeDelete?: (args: HookArgs, row: Row) => Refusal | null;
    deleteResponse?: (args: HookArgs, row: Row) => Refusal;
    /** Add computed fields to one output row. */
    serialize?: (args: HookArgs, row: Row, out: Row, mode: 'list' | 'retrieve') => void;
  };
}

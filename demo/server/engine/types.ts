// A resource definition: one plain object per REST resource; the engine derives list, CRUD, OPTIONS.
import type { FastifyRequest } from 'fastify';
import type { PermissionCheck } from '../core/permissions.ts';
import type { Refusal, RequestContext, UserRow } from '../core/context.ts';
import type { DB } from '../core/db/open.ts';
import type { Localized } from '../core/lib/i18n.ts';

export type FieldType =
  'string' | 'integer' | 'boolean' | 'choice' | 'datetime' | 'email' | 'url' | 'list' | 'dict' | 'field';

export interface FieldDef {
  type: FieldType;
  label: Localized;
  required?: boolean;
  read_only?: boolean;
  write_only?: boolean;
  max_length?: number;
  /** Bounds of an integer (default: a 32-bit signed integer, Django's IntegerField). */
  min_value?: number;
  max_value?: number;
  /** A string that must be an IPv4 or IPv6 address. */
  format?: 'ip';
  /** Text that may span lines (comments, rule contents): tabs and line breaks are allowed in it. */
  multiline?: boolean;
  allow_blank?: boolean;
  allow_null?: boolean;
  unique?: boolean;
  choices?: Choice[];
  /** Element choices of a `list` field (e.g. org_roles), validated and described like a choice field. */
  child_choices?: Choice[];
  /** A value, or one computed from the request's clock (e.g. an expiry 70 years ahead). */
  default?: unknown | ((now: number) => unknown);
  /** List URL of the related resource: OPTIONS reports the field as `field` (a DRF related field). */
  relation?: string;
  /** false: not a column of the table (filled or consumed by hooks). */
  column?: boolean;
}

export type Action = 'list' | 'retrieve' | 'create' | 'update' | 'delete';
export type Choice = { value: string | number; label: Localized };
export interface Clause {
  sql: string;
  params: unknown[];
}
export type Row = Record<string, unknown>;
export type AuthedCtx = RequestContext & { user: UserRow };

export interface HookArgs {
  db: DB;
  ctx: AuthedCtx;
  request: FastifyRequest;
  now: number;
}

/** What the contract suite gets to build valid sample bodies (fresh, unique values on every call). */
export interface SampleArgs {
  db: DB;
  orgId: string;
  seq: number;
}
export interface Samples {
  create: Row[];
  update: Row;
}

/** A hook may refuse with a status and a body (e.g. 403 {"error"}), or a 400 field-error map. */
export type { Refusal } from '../core/context.ts';

export interface ResourceDef {
  name: string; // view name for OPTIONS, e.g. "Org List"
  model: Localized; // for 404 "<Model> object does not exist."
  url: string; // list URL, with trailing slash
  table: string;
  fields: Record<string, FieldDef>;
  searchFields?: string[]; // '^name' = starts with, else contains
  filterFields?: string[];
  orderingFields?: string[];
  defaultOrder?: string[];
  orgScoped?: boolean;
  /** POST makes a server-side object whatever is sent (access keys). */
  createIgnoresBody?: boolean;
  permissions: Record<Action, PermissionCheck>;
  /** Routes offered (default: all five). */
  actions?: Action[];
  /** Bulk list routes: POST an array, PUT/PATCH an array with ids, DELETE with a narrowing filter. */
  bulk?: boolean;
  /** 'narrowing' (org viewsets) or 'exactlyOne' (relation tables): when a list DELETE is allowed. */
  bulkDelete?: 'narrowing' | 'exactlyOne';
  /** A datetime column filtered by `date_from` / `date_to`. */
  dateRangeField?: string;
  /** `fields_size=mini|small`. */
  fieldsMini?: string[];
  fieldsSmall?: string[];
  /** The display serializer (`draw=1`): extra read-only fields, filled by `hooks.display`. */
  displayFields?: Record<string, FieldDef>;
  /** An FTS5 trigram table over exactly the search fields (rowid = the table's rowid), for infix search. */
  ftsTable?: string;
  /** Query parameters that are not plain column filters, e.g. users' `org_role`. */
  extraFilters?: Record<string, (args: HookArgs, value: string) => Clause | null>;
  /** CSV import disabled (resources created from nothing, like access keys). */
  csvImport?: boolean;
  /** Valid bodies for the contract suite. */
  sample: (args: SampleArgs) => Samples;
  /** Extra WHERE restricting every query, e.g. "only the caller's own rows". */
  scope?: (args: HookArgs) => Clause;
  hooks?: {
    /** Refuse a whole request from its parameters (e.g. users `?all=1` for non-superusers). */
    refuse?: (args: HookArgs, action: Action) => Refusal | null;
    /** Per-object permission: a refusal (e.g. 403 with the reason) stops the update or delete. */
    refuseObject?: (args: HookArgs, row: Row, action: 'update' | 'delete') => Refusal | null;
    /** Choices the caller may see and assign (default: the field's own). */
    choices?: (args: HookArgs, name: string, field: FieldDef) => Choice[] | undefined;
    /** Replaces the INSERT; returns the new row's id. */
    insert?: (args: HookArgs, data: Row) => string;
    /** Replaces the DELETE (e.g. leaving an org instead of deleting the user). */
    remove?: (args: HookArgs, row: Row) => void;
    /** Fill `displayFields` for draw=1. */
    display?: (args: HookArgs, row: Row, out: Row) => void;
    /** Fill server-side columns (ids, owner, timestamps) before an insert. */
    beforeCreate?: (args: HookArgs, data: Row) => void;
    /** Extra validation; return field errors to reject with 400. */
    validate?: (args: HookArgs, data: Row, existing: Row | null) => Record<string, string[]> | null;
    afterWrite?: (args: HookArgs, id: string, data: Row, mode: 'create' | 'update') => void;
    /** After a create request committed (one object, an array or a CSV file), with the new ids in order. */
    afterCreateCommit?: (args: HookArgs, ids: string[]) => void;
    /** Decorate a write's response (e.g. a note that no mail could be sent). */
    afterResponse?: (args: HookArgs, data: Row, out: Row) => void;
    beforeDelete?: (args: HookArgs, row: Row) => Refusal | null;
    deleteResponse?: (args: HookArgs, row: Row) => Refusal;
    /** Add computed fields to one output row. */
    serialize?: (args: HookArgs, row: Row, out: Row, mode: 'list' | 'retrieve') => void;
  };
}

import type { ComponentType, ReactNode } from 'react';
import type { ListAdapter, Row } from './adapters.ts';
import type { ColumnOverride } from './columns.ts';
import type { FieldOverride } from './fields.ts';
import type { FieldMeta } from './metadata.ts';

// A resource is plain data: the engines read it, and engine/resource-routes.ts turns it into route
// records; it imports neither the engines nor the route table.

/** What a row action or header action gets to work with. */
export interface ActionContext {
  reload: () => void;
  navigate: (to: string) => void;
}

export interface RowAction {
  name: string;
  /** i18n key of the button text. */
  title: string;
  onClick: (row: Row, ctx: ActionContext) => void | Promise<void>;
  /** Disabled for rows where this returns false. */
  can?: (row: Row) => boolean;
  danger?: boolean;
}

export interface HeaderAction {
  name: string;
  title: string;
  onClick: (selected: Row[], ctx: ActionContext) => void | Promise<void>;
  /** Needs at least one selected row. */
  needsSelection?: boolean;
}

export interface ListColumnOverride extends ColumnOverride {
  /** Replaces the cell; gets the row. Return text, not HTML built from server strings. */
  render?: (row: Row) => ReactNode;
}

export interface ListDefinition {
  columns: string[];
  /** Restricts the tag filters to these fields; default every `filter: true` field. */
  filters?: string[];
  /**
   * Query parameters the endpoint takes beyond its metadata's `filter: true` fields (§2.5's
   * `is_valid`, `username`…), described as metadata would: label, and choices or boolean type.
   */
  extraFilters?: Record<string, FieldMeta>;
  /** Preset filter applied on load (merged under the address query). */
  preset?: Record<string, string>;
  linkField?: string;
  overrides?: Record<string, ListColumnOverride>;
  rowActions?: RowAction[];
  /** false hides the update/delete row actions. */
  defaultRowActions?: { update?: boolean; delete?: boolean };
  headerActions?: HeaderAction[];
  /**
   * The Create button: default shown when the 'create' route exists and going there; false hides
   * it; a function replaces the navigation (e.g. access keys are created by a bare POST).
   */
  create?: boolean | ((ctx: ActionContext) => void | Promise<void>);
  /** Adds the date-range picker; a number sets how many days back the default range starts (7). */
  dateRange?: boolean | number;
  /** false: the endpoint has no OPTIONS (a computed list); the columns' overrides carry the labels. */
  metadata?: false;
  /** false leaves bulk delete out of the More menu (read-only lists embedded in a detail tab). */
  bulkDelete?: boolean;
  /** Fields the multiple-update dialog offers. */
  bulkUpdate?: string[];
  /** CSV export and import; 'export' offers the export only (read-only lists such as the audit logs). */
  importExport?: boolean | 'export';
  adapter?: ListAdapter;
}

export interface FormGroup {
  /** i18n key of the group heading. */
  title: string;
  items: string[];
}

export interface FormDefinition {
  fields?: string[];
  groups?: FormGroup[];
  overrides?: Record<string, FieldOverride>;
  /** Values a create form starts with, over the metadata's defaults (e.g. a parent id from the address). */
  initial?: Record<string, unknown>;
  /** An update form's values from the object read (e.g. a nested `params` dict spread into fields). */
  fromObject?: (object: Record<string, unknown>) => Record<string, unknown>;
  /** Values that follow a committed change of `field` (a remote app's path follows its type). */
  derive?: (field: string, values: Record<string, unknown>) => Record<string, unknown>;
  /** Last change to the body before it is sent (POST creates, PUT updates). */
  beforeSubmit?: (values: Record<string, unknown>, method: 'post' | 'put') => Record<string, unknown>;
  /** Runs once the server has saved (its answer in hand), before the page moves on. */
  afterSubmit?: (saved: unknown, method: 'post' | 'put') => void;
}

export interface QuickAction {
  /** i18n key of the label. */
  title: string;
  kind: 'switch' | 'button';
  /** Current state of a switch. */
  checked?: boolean;
  /** i18n key of a button's text. */
  button?: string;
  disabled?: boolean;
  onChange: (value: boolean) => void | Promise<void>;
}

export interface RelationMember {
  id: string;
  name: string;
}

export interface RelationRange {
  offset: number;
  limit: number;
}

export type RelationMembers = RelationMember[] | { members: RelationMember[]; count: number };

export interface RelationDefinition {
  /** i18n key of the card title. */
  title: string;
  /** The remote select's list URL (search/offset/limit). */
  selectUrl: string;
  /** Where the remote select finds an option's label (default `name`; assets have `hostname`). */
  selectLabel?: string;
  /** An option's text from its row, when one path is not enough (users read `name(username)`). */
  selectText?: (row: Row) => string;
  /**
   * Current members of the object; may ask the server (a through-table lists them with names).
   * `id` is what `remove` gets. A relation that can be large answers one page of `range` with the
   * total (`{ members, count }`); the card then pages through it instead of drawing every member.
   */
  members: (object: Row, range: RelationRange) => RelationMembers | Promise<RelationMembers>;
  add: (object: Row, ids: string[]) => Promise<unknown>;
  remove: (object: Row, id: string) => Promise<unknown>;
  /** Shown only for objects this holds for (e.g. SSH system users); default always. */
  when?: (object: Row) => boolean;
}

export interface DetailTab {
  name: string;
  /** i18n key of the tab title. */
  title: string;
  component: ComponentType<{ object: Row; reload: () => void }>;
}

export interface DetailDefinition {
  fields?: string[];
  titleField?: string;
  tabs?: DetailTab[];
  quickActions?: (object: Row, reload: () => void) => QuickAction[];
  relations?: RelationDefinition[];
  /** Overrides the GET URL, query included (org pages: `/api/v1/orgs/orgs/{id}/`); DELETE drops the query. */
  url?: (id: string) => string;
  /** Info-card values the page draws itself (a status badge), by field. */
  render?: Record<string, (object: Row) => ReactNode>;
}

export type ResourceRouteKind = 'list' | 'create' | 'update' | 'detail';

export interface ResourceDefinition {
  /** Route name stem: 'User' → UserList, UserCreate, UserUpdate, UserDetail. */
  name: string;
  /** API list URL, e.g. '/api/v1/users/users/'. */
  url: string;
  /** UI path mirroring REST, e.g. '/users/users'. */
  path: string;
  perm?: number[];
  icon?: string;
  /** i18n keys of the page titles; default `route.<Name><Kind>`. */
  title?: Partial<Record<ResourceRouteKind, string>>;
  list: ListDefinition;
  form?: FormDefinition;
  detail?: DetailDefinition;
  routes?: ResourceRouteKind[];
  /**
   * UI paths that break the `<path>/<kind>` pattern (ROUTES.md keeps Lina's odd ones, e.g.
   * `/perms/asset-permission/:id/update`). An update path without `:id` takes the id in the query.
   */
  paths?: Partial<Record<ResourceRouteKind, string>>;
  /**
   * Objects the server will refuse to change or delete, known from the row (internal platforms
   * answer 403): their Update / Delete are not offered. Beside the rows' own `can_update` / `can_delete`.
   */
  can?: { update?: (row: Row) => boolean; delete?: (row: Row) => boolean };
}

/** Identity, typed: definitions stay plain data that the engines read. */
export function defineResource<T extends ResourceDefinition>(definition: T): T {
  return definition;
}

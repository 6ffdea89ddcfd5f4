// The `meta` of replay and command storages (§2.6): each type keeps its own keys only. Keys are accepted
// upper-case or with the `<type>_` prefix (2.3's CustomMetaDictField); secrets are write-only: never read
// back, and blank on an update of the same type keeps the stored value. They are stored sealed
// (secrets/vault.ts), value by value, so the rest of the JSON stays readable.
import type { DB } from '../core/db/open.ts';
import type { Lang } from '../core/lib/i18n.ts';
import { seal, unseal } from '../core/secrets/vault.ts';
import { L } from '../engine/field-kit.ts';
import type { Choice } from '../engine/types.ts';
import { forbiddenCharacters } from '../engine/fields.ts';

export interface MetaField {
  name: string;
  write_only?: boolean;
  list?: boolean;
}
export type StorageKind = 'replay' | 'command';

const OBJECT_STORE: MetaField[] = [
  { name: 'BUCKET' },
  { name: 'ACCESS_KEY', write_only: true },
  { name: 'SECRET_KEY', write_only: true },
  { name: 'ENDPOINT' },
];

export const STORAGE_TYPES: Record<StorageKind, Record<string, MetaField[]>> = {
  replay: {
    null: [],
    server: [],
    s3: OBJECT_STORE,
    ceph: OBJECT_STORE,
    swift: [
      { name: 'BUCKET' },
      { name: 'ACCESS_KEY', write_only: true },
      { name: 'SECRET_KEY', write_only: true },
      { name: 'REGION' },
      { name: 'ENDPOINT' },
      { name: 'PROTOCOL' },
    ],
    oss: OBJECT_STORE,
    azure: [
      { name: 'CONTAINER_NAME' },
      { name: 'ACCOUNT_NAME' },
      { name: 'ACCOUNT_KEY', write_only: true },
      { name: 'ENDPOINT_SUFFIX' },
    ],
  },
  command: { null: [], server: [], es: [{ name: 'HOSTS', list: true }, { name: 'INDEX' }, { name: 'DOC_TYPE' }] },
};

/** Types that are built in (2.3 TYPE_DEFAULTS): always valid, never deletable. */
export const BUILT_IN_TYPES = new Set(['null', 'server']);

export const STORAGE_TYPE_CHOICES: Record<StorageKind, Choice[]> = {
  replay: [
    { value: 'null', label: L('Null', 'Null') },
    { value: 'server', label: L('Server', 'Server') },
    { value: 's3', label: L('S3', 'S3') },
    { value: 'ceph', label: L('Ceph', 'Ceph') },
    { value: 'swift', label: L('Swift', 'Swift') },
    { value: 'oss', label: L('OSS', 'OSS') },
    { value: 'azure', label: L('Azure', 'Azure') },
  ],
  command: [
    { value: 'null', label: L('Null', 'Null') },
    { value: 'server', label: L('Server', 'Server') },
    { value: 'es', label: L('Elasticsearch', 'Elasticsearch') },
  ],
};

const MAX_VALUE = 1024;

/**
 * The stored meta for `type` from what the client sent: only the type's keys, strings trimmed (HOSTS a
 * list), blank secrets taken from `previous` when the type did not change. Errors name the key.
 */
export function normaliseMeta(
  kind: StorageKind,
  type: string,
  sent: Record<string, unknown>,
  previous: { type: string; meta: Record<string, unknown> } | null,
  lang: Lang,
): { meta: Record<string, unknown>; errors: string[] } {
  const fields = STORAGE_TYPES[kind][type] ?? [];
  const prefix = `${type.toUpperCase()}_`;
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sent)) {
    const upper = key.toUpperCase();
    given[upper.startsWith(prefix) ? upper.slice(prefix.length) : upper] = value;
  }
  const meta: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const field of fields) {
    const raw = given[field.name];
    if (field.list) {
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
      const hosts = items
        .filter((item): item is string => typeof item === 'string')
        .map((item) => item.trim())
        .filter(Boolean);
      const bad = hosts.map((host) => forbiddenCharacters({}, host, lang)).find(Boolean);
      if (bad || hosts.some((host) => host.length > MAX_VALUE)) errors.push(`${field.name}: ${bad ?? 'too long'}`);
      meta[field.name] = hosts;
      continue;
    }
    let value =
      raw === undefined || raw === null
        ? ''
        : typeof raw === 'string' || typeof raw === 'number'
          ? String(raw).trim()
          : null;
    if (value === null) {
      errors.push(`${field.name}: not a string`);
      continue;
    }
    const bad = forbiddenCharacters({}, value, lang);
    if (bad) {
      errors.push(`${field.name}: ${bad}`);
      continue;
    }
    if (value.length > MAX_VALUE) {
      errors.push(`${field.name}: too long`);
      continue;
    }
    if (field.write_only && !value && previous && previous.type === type)
      value = String(previous.meta[field.name] ?? '');
    meta[field.name] = value;
  }
  return { meta, errors };
}

/** The keys that are write-only in any type: sealed at rest whatever the type. */
const SECRET_KEYS = new Set(
  Object.values(STORAGE_TYPES)
    .flatMap((types) => Object.values(types).flat())
    .filter((f) => f.write_only)
    .map((f) => f.name),
);

/** The stored form of a meta (its secrets sealed). */
export const sealMeta = (db: DB, meta: Record<string, unknown>): Record<string, unknown> =>
  mapSecrets(meta, (value) => seal(db, value));

/** A stored meta (JSON text or parsed) with its secrets in clear: what a terminal and the storage test use. */
export function openMeta(db: DB, stored: unknown): Record<string, unknown> {
  const meta =
    typeof stored === 'string'
      ? (JSON.parse(stored) as Record<string, unknown>)
      : ((stored as Record<string, unknown>) ?? {});
  return mapSecrets(meta, (value) => unseal(db, value));
}

function mapSecrets(meta: Record<string, unknown>, map: (value: string) => string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(meta).map(([key, value]) => [
      key,
      SECRET_KEYS.has(key) && typeof value === 'string' ? map(value) : value,
    ]),
  );
}

/** What the API shows of a stored meta: every key of the type, secrets left out. */
export function visibleMeta(kind: StorageKind, type: string, meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of STORAGE_TYPES[kind][type] ?? [])
    if (!field.write_only) out[field.name] = meta[field.name] ?? (field.list ? [] : '');
  return out;
}

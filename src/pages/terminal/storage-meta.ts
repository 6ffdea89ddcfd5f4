import { t } from '../../core/i18n/index.ts';
import type { FieldOverride } from '../../core/resource/fields.ts';
import './i18n.ts';

/**
 * The `meta` keys each storage type takes (jumpserver-api.md §2.6): the form shows one input per key,
 * only for the type chosen, and folds them back into `meta` (upper-case keys) when it is sent.
 * Secrets are write-only: the server never sends them back and keeps the old one when left blank.
 */
interface MetaKey {
  key: string;
  /** i18n key of the label. */
  label: string;
  secret?: boolean;
  required?: boolean;
  /** Sent as a list (Elasticsearch hosts), typed comma-separated. */
  list?: boolean;
}

const BUCKET: MetaKey = { key: 'BUCKET', label: 'terminal.storage.bucket', required: true };
const ACCESS_KEY: MetaKey = { key: 'ACCESS_KEY', label: 'terminal.storage.accessKey', secret: true };
const SECRET_KEY: MetaKey = { key: 'SECRET_KEY', label: 'terminal.storage.secretKey', secret: true };
const ENDPOINT: MetaKey = { key: 'ENDPOINT', label: 'terminal.storage.endpoint' };
const OBJECT_STORE = [BUCKET, ACCESS_KEY, SECRET_KEY, ENDPOINT];

export const REPLAY_TYPES: Record<string, MetaKey[]> = {
  s3: OBJECT_STORE,
  ceph: OBJECT_STORE,
  swift: [
    ...OBJECT_STORE,
    { key: 'REGION', label: 'terminal.storage.region' },
    { key: 'PROTOCOL', label: 'terminal.storage.protocol' },
  ],
  oss: OBJECT_STORE,
  azure: [
    { key: 'CONTAINER_NAME', label: 'terminal.storage.containerName', required: true },
    { key: 'ACCOUNT_NAME', label: 'terminal.storage.accountName', required: true },
    { key: 'ACCOUNT_KEY', label: 'terminal.storage.accountKey', secret: true },
    { key: 'ENDPOINT_SUFFIX', label: 'terminal.storage.endpointSuffix' },
  ],
};

export const COMMAND_TYPES: Record<string, MetaKey[]> = {
  es: [
    { key: 'HOSTS', label: 'terminal.storage.hosts', required: true, list: true },
    { key: 'INDEX', label: 'terminal.storage.index' },
    { key: 'DOC_TYPE', label: 'terminal.storage.docType' },
  ],
};

const TYPE_TITLE: Record<string, string> = {
  s3: 'S3',
  ceph: 'Ceph',
  swift: 'Swift',
  oss: 'OSS',
  azure: 'Azure',
  es: 'Elasticsearch',
};

const fieldId = (key: string) => `meta_${key.toLowerCase()}`;

/** Every key of these types once (S3 and Ceph share theirs), with the types that take it. */
function keysOf(types: Record<string, MetaKey[]>): Map<string, { meta: MetaKey; types: string[] }> {
  const keys = new Map<string, { meta: MetaKey; types: string[] }>();
  for (const [type, metas] of Object.entries(types)) {
    for (const meta of metas) {
      const entry = keys.get(meta.key) ?? { meta, types: [] };
      entry.types.push(type);
      keys.set(meta.key, entry);
    }
  }
  return keys;
}

/**
 * What the types do in this deployment, under the type picker: commands stay in the server's database
 * whatever the type (no Elasticsearch writer is shipped: none can be tested here); object stores get each
 * recording as `<date>/<id>.cast.gz`, Azure's stay on the server's disk.
 */
function typeNote(kind: 'replay' | 'command'): string {
  return kind === 'command'
    ? t('terminal.kept.commandsNote')
    : `${t('terminal.kept.objectNote')} ${t('terminal.kept.azureNote')}`;
}

/** The storage form of one kind: type picker, the chosen type's meta fields, and the folding to/from `meta`. */
export function storageForm(types: Record<string, MetaKey[]>, kind: 'replay' | 'command') {
  const keys = keysOf(types);
  const overrides: Record<string, FieldOverride> = {
    type: {
      widget: 'select',
      required: true,
      options: Object.keys(types).map((value) => ({ value, display_name: TYPE_TITLE[value] ?? value })),
      get helpText() {
        return typeNote(kind);
      },
    },
  };
  for (const { meta, types: takers } of keys.values()) {
    overrides[fieldId(meta.key)] = {
      widget: meta.secret ? 'password' : 'input',
      label: () => t(meta.label),
      ...(meta.secret ? { helpText: () => t('terminal.storage.secretHelp') } : {}),
      ...(meta.list ? { helpText: () => t('terminal.storage.hostsHelp') } : {}),
      enableWhen: (values) => takers.includes(String(values.type)),
      ...(meta.required
        ? { requiredWhen: (values: Record<string, unknown>) => takers.includes(String(values.type)) }
        : {}),
    };
  }
  return {
    fields: ['name', 'type', ...[...keys.keys()].map(fieldId), 'comment'],
    // The server's default type is the built-in `server`, which is not one to create: the picker
    // offers none of the built-ins, so it would show the bare value. A new storage starts unchosen.
    initial: { type: null },
    overrides,
    /** The object's fields, with `meta` spread into the type's fields; secrets stay blank (write-only). */
    fromObject: (object: Record<string, unknown>) => {
      // The form's values are what this returns: name, type and comment come from the object itself, the
      // meta as one field per key (secrets never read back).
      const { meta: stored, ...values } = object;
      const meta = (stored ?? {}) as Record<string, unknown>;
      for (const { meta: key } of keys.values()) {
        const value = meta[key.key] ?? meta[key.key.toLowerCase()];
        if (key.secret || value == null) continue;
        values[fieldId(key.key)] = Array.isArray(value) ? value.join(',') : String(value);
      }
      return values;
    },
    /** The chosen type's fields folded back into `meta`; a blank secret is left out so the server keeps it. */
    beforeSubmit: (values: Record<string, unknown>) => {
      const body: Record<string, unknown> = {};
      const meta: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(values)) if (!field.startsWith('meta_')) body[field] = value;
      for (const key of types[String(values.type)] ?? []) {
        const value = values[fieldId(key.key)];
        const text = value == null ? '' : String(value).trim();
        if (key.secret && !text) continue;
        meta[key.key] = key.list
          ? text
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : text;
      }
      return { ...body, meta };
    },
  };
}

// A remote app's `params` (§2.4): each type has its own keys; only the chosen type's keys are kept,
// values are trimmed text, the `*_password` keys are write-only (never read back, a blank one on update
// keeps the stored value while the type stays the same). The passwords are stored sealed (secrets/vault.ts)
// value by value. `connectionParameters` is the command line the RemoteApp launcher on the Windows host
// receives.
import { L, message } from '../engine/field-kit.ts';
import type { DB } from '../core/db/open.ts';
import { forbiddenCharacters } from '../engine/fields.ts';
import type { HookArgs, Row } from '../engine/types.ts';
import { t } from '../core/lib/i18n.ts';
import { seal, unseal } from '../core/secrets/vault.ts';

export const REMOTE_APP_TYPES = [
  { value: 'chrome', label: L('Chrome', 'Chrome') },
  { value: 'mysql_workbench', label: L('MySQL Workbench', 'MySQL Workbench') },
  { value: 'vmware_client', label: L('vSphere Client', 'vSphere Client') },
  { value: 'custom', label: L('自定义', 'Custom') },
] as const;

interface ParamKey {
  name: string;
  writeOnly?: boolean;
  port?: boolean;
}

/** The keys of each type, in the order the launcher takes them. */
export const REMOTE_APP_PARAMS: Record<string, ParamKey[]> = {
  chrome: [{ name: 'chrome_target' }, { name: 'chrome_username' }, { name: 'chrome_password', writeOnly: true }],
  mysql_workbench: [
    { name: 'mysql_workbench_ip' },
    { name: 'mysql_workbench_name' },
    { name: 'mysql_workbench_port', port: true },
    { name: 'mysql_workbench_username' },
    { name: 'mysql_workbench_password', writeOnly: true },
  ],
  vmware_client: [{ name: 'vmware_target' }, { name: 'vmware_username' }, { name: 'vmware_password', writeOnly: true }],
  custom: [
    { name: 'custom_cmdline' },
    { name: 'custom_target' },
    { name: 'custom_username' },
    { name: 'custom_password', writeOnly: true },
  ],
};

const MAX_VALUE = 1024;
const PORT_MESSAGE = L('端口必须是 1 到 65535 之间的整数', 'The port must be an integer between 1 and 65535');

/** Every type's password keys: sealed at rest whatever the row's type. */
const SECRET_KEYS = new Set(
  Object.values(REMOTE_APP_PARAMS)
    .flat()
    .filter((k) => k.writeOnly)
    .map((k) => k.name),
);

const mapSecrets = (params: Row, map: (value: string) => string): Row =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      SECRET_KEYS.has(name) && typeof value === 'string' ? map(value) : value,
    ]),
  );

/** The params as stored (JSON text, passwords sealed), parsed; `{}` when there are none. */
const storedParams = (row: Row | null): Row => {
  if (!row || typeof row.params !== 'string') return {};
  try {
    const parsed = JSON.parse(row.params) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Row) : {};
  } catch {
    return {};
  }
};

/**
 * Validates `data.params` against the type (new or stored) and rewrites it to what is stored: the
 * type's keys only, trimmed strings, blank passwords replaced by the stored ones. Without `params` in
 * the body the stored params stay (filtered to the type when the type changes). Field errors as
 * `{params: {key: [..]}}`, DRF's shape for a dict's values.
 */
export function normaliseParams(args: HookArgs, data: Row, existing: Row | null): Record<string, unknown> | null {
  const type = String(data.type ?? existing?.type ?? 'chrome');
  const keys = REMOTE_APP_PARAMS[type] ?? [];
  // Stored values are copied as they are (still sealed) when kept; new ones are sealed below.
  const old = storedParams(existing);
  const sameType = existing !== null && existing.type === type;
  const given = data.params as Row | undefined;
  if (given === undefined) {
    if (existing && !sameType)
      data.params = Object.fromEntries(keys.filter((k) => k.name in old).map((k) => [k.name, old[k.name]]));
    return null;
  }
  const out: Row = {};
  const kept: Record<string, boolean> = {};
  const errors: Record<string, string[]> = {};
  for (const key of keys) {
    const raw = given[key.name];
    if (raw === undefined || raw === null || raw === '') {
      if (key.writeOnly && sameType && old[key.name]) {
        out[key.name] = old[key.name];
        kept[key.name] = true;
      }
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      errors[key.name] = [t(args.ctx.lang, 'field.invalid_string')];
      continue;
    }
    const value = String(raw).trim();
    const bad = forbiddenCharacters({ write_only: key.writeOnly }, value, args.ctx.lang);
    if (bad) errors[key.name] = [bad];
    else if (value.length > MAX_VALUE) errors[key.name] = [t(args.ctx.lang, 'field.max_length', { max: MAX_VALUE })];
    else if (key.port && !(/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535))
      errors[key.name] = [message(args, PORT_MESSAGE)];
    else if (value) out[key.name] = value;
  }
  data.params = Object.fromEntries(
    Object.entries(out).map(([name, value]) => [
      name,
      SECRET_KEYS.has(name) && !kept[name] && typeof value === 'string' ? seal(args.db, value) : value,
    ]),
  );
  return Object.keys(errors).length ? { params: errors } : null;
}

/** The stored form of params given in clear (seeds): the passwords sealed. */
export const sealedParams = (db: DB, params: Row): Row => mapSecrets(params, (value) => seal(db, value));

/** The stored params without the write-only keys (what every read shows). */
export function readableParams(row: Row): Row {
  const params = storedParams(row);
  const hidden = new Set((REMOTE_APP_PARAMS[String(row.type)] ?? []).filter((k) => k.writeOnly).map((k) => k.name));
  return Object.fromEntries(Object.entries(params).filter(([name]) => !hidden.has(name)));
}

/** `<type> "<path>" <values of the type's keys in order>`: what the launcher on the host is started with. */
export function connectionParameters(db: DB, row: Row): string {
  const params = mapSecrets(storedParams(row), (value) => unseal(db, value));
  const values = (REMOTE_APP_PARAMS[String(row.type)] ?? [])
    .map((k) => params[k.name])
    .filter((v) => v !== undefined && v !== null);
  return [String(row.type), `"${String(row.path)}"`, ...values.map(String)].join(' ');
}

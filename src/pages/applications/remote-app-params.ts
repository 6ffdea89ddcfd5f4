import { t } from '../../core/i18n/index.ts';
import type { FieldOverride } from '../../core/resource/fields.ts';
import './i18n.ts';

// A remote app's `params` dict holds only the keys of its type (jumpserver-api.md §2.4). The form
// shows them as flat fields, those of the chosen type only, and packs them back into `params`.
// Passwords are write-only: the server never sends them, and keeps the stored one when none is sent.

export const PARAM_KEYS: Record<string, string[]> = {
  chrome: ['chrome_target', 'chrome_username', 'chrome_password'],
  mysql_workbench: [
    'mysql_workbench_ip',
    'mysql_workbench_port',
    'mysql_workbench_name',
    'mysql_workbench_username',
    'mysql_workbench_password',
  ],
  vmware_client: ['vmware_target', 'vmware_username', 'vmware_password'],
  custom: ['custom_cmdline', 'custom_target', 'custom_username', 'custom_password'],
};

const ALL_KEYS = Object.values(PARAM_KEYS).flat();
const isPassword = (key: string) => key.endsWith('_password');

/** One field per param key, enabled only while its type is chosen; labels read when the form is built. */
export const PARAM_FIELDS: Record<string, FieldOverride> = Object.fromEntries(
  Object.entries(PARAM_KEYS).flatMap(([type, keys]) =>
    keys.map((key): [string, FieldOverride] => [
      key,
      {
        widget: isPassword(key) ? 'password' : key.endsWith('_port') ? 'number' : 'input',
        label: () => t(`applications.params.${key}`),
        ...(isPassword(key) ? { helpText: () => t('applications.help.password') } : {}),
        enableWhen: (values) => values.type === type,
      },
    ]),
  ),
);

/** The object's params spread into the form's flat fields. */
export function paramsToFields(object: Record<string, unknown>): Record<string, unknown> {
  const params = (object.params ?? {}) as Record<string, unknown>;
  return {
    ...object,
    ...Object.fromEntries(ALL_KEYS.map((key) => [key, params[key] ?? (isPassword(key) ? '' : null)])),
  };
}

/** The flat fields folded back into `params` (the chosen type's keys; a blank password is left out). */
export function fieldsToParams(values: Record<string, unknown>): Record<string, unknown> {
  const body = Object.fromEntries(Object.entries(values).filter(([key]) => !ALL_KEYS.includes(key)));
  const keys = PARAM_KEYS[String(values.type)] ?? [];
  const params = Object.fromEntries(
    keys.filter((key) => !(isPassword(key) && !values[key])).map((key) => [key, values[key] ?? '']),
  );
  return { ...body, params };
}

/** Where each type's program usually lives on the Windows host (as 2.3's form suggests). */
export const DEFAULT_PATHS: Record<string, string> = {
  chrome: 'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  mysql_workbench: 'C:\\Program Files\\MySQL\\MySQL Workbench 8.0 CE\\MySQLWorkbench.exe',
  vmware_client:
    'C:\\Program Files (x86)\\VMware\\Infrastructure\\Virtual Infrastructure Client\\Launcher\\VpxClient.exe',
  custom: '',
};

/** A new type brings its usual path, unless the user typed a path of their own. */
export function pathFollowsType(field: string, values: Record<string, unknown>): Record<string, unknown> {
  if (field !== 'type') return values;
  const path = String(values.path ?? '');
  const untouched = path === '' || Object.values(DEFAULT_PATHS).includes(path);
  return untouched ? { ...values, path: DEFAULT_PATHS[String(values.type)] ?? '' } : values;
}

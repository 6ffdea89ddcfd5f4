import { http } from '../../core/http.ts';
import type { FieldsMeta, FieldMeta } from '../../core/resource/metadata.ts';

export const SETTING_URL = '/api/v1/settings/setting/';
export const MAIL_TESTING_URL = '/api/v1/settings/mail/testing/';
export const LICENSE_DETAIL_URL = '/api/v1/xpack/license/detail';
export const LICENSE_IMPORT_URL = '/api/v1/xpack/license/import';

/** One settings group of the OPTIONS answer: a "nested object" whose children are its fields. */
export interface GroupMeta extends FieldMeta {
  children: FieldsMeta;
}
export type SettingsMeta = Record<string, GroupMeta>;
export type SettingsValues = Record<string, Record<string, unknown>>;

/** The groups' metadata (OPTIONS, the PUT action) and their current values, asked together. */
export async function loadSettings(): Promise<{ meta: SettingsMeta; values: SettingsValues }> {
  const [options, values] = await Promise.all([
    http.options<{ actions?: { PUT?: SettingsMeta } }>(SETTING_URL),
    http.get<SettingsValues>(SETTING_URL),
  ]);
  return { meta: options.actions?.PUT ?? {}, values };
}

/** Saves one group only: `{"<group>": {...}}`; the answer is every group's values. */
export function saveGroup(group: string, values: Record<string, unknown>): Promise<SettingsValues> {
  return http.patch<SettingsValues>(SETTING_URL, { [group]: values });
}

export interface LicenseDetail {
  subscription_id?: string;
  corporation?: string;
  date_expired?: string;
  asset_count?: number;
  edition?: string;
  is_valid?: boolean;
}

import { useStore } from '@nanostores/react';
import { useT } from '../../core/i18n/index.ts';
import { $profile } from '../../core/stores/session.ts';

// Profile field → label key; values are shown as plain text exactly as the server sent them.
const FIELDS: [string, string][] = [
  ['name', 'name'],
  ['username', 'username'],
  ['email', 'email'],
  ['role_display', 'role'],
  ['org_role_display', 'orgRoles'],
  ['groups_display', 'groups'],
  ['phone', 'phone'],
  ['wechat', 'wechat'],
  ['mfa_level_display', 'mfa'],
  ['source_display', 'source'],
  ['date_joined', 'dateJoined'],
  ['last_login', 'lastLogin'],
  ['date_password_last_updated', 'passwordUpdated'],
  ['date_expired', 'dateExpired'],
  ['public_key_hash_md5', 'publicKeyFingerprint'],
  ['comment', 'comment'],
];

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(display).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function ProfileInfo() {
  const profile = useStore($profile);
  const t = useT();
  if (!profile) return null;
  return (
    <table className="info-table profile-info">
      <tbody>
        {FIELDS.filter(([field]) => field in profile).map(([field, label]) => (
          <tr key={field} data-field={field}>
            <th>{t(`profile.field.${label}`)}</th>
            <td>{display(profile[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

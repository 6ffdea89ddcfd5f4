import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import './i18n.ts';

export type Validity = 'valid' | 'expired' | 'inactive';

/** Why a permission grants nothing, or that it grants: the switch first, then the window. */
export function validityOf(permission: Row): Validity {
  if (permission.is_active === false) return 'inactive';
  if (permission.is_expired === true || permission.is_valid === false) return 'expired';
  return 'valid';
}

export function ValidityBadge({ row }: { row: Row }) {
  const validity = validityOf(row);
  return (
    <span className={`validity validity-${validity}`} data-validity={validity}>
      {t(`perms.validity.${validity}`)}
    </span>
  );
}

import { useStore } from '@nanostores/react';
import { useT } from '../../core/i18n/index.ts';
import { $profile } from '../../core/stores/session.ts';

/** Days before expiry from which the profile reminds the user (issue 9; 2.3's banner showed under 5). */
const REMIND_WITHIN_DAYS = 5;

/**
 * SECURITY_PASSWORD_EXPIRATION_TIME: the server sends `password_expired_remain_days` and `date_password_expired`
 * on the profile (null for users without a local password); once the password has expired the user cannot
 * sign in at all, so only the days before need a reminder.
 */
export function PasswordExpiryNotice({ onChange }: { onChange: () => void }) {
  const profile = useStore($profile);
  const t = useT();
  const days = profile?.password_expired_remain_days;
  if (typeof days !== 'number' || days < 0 || days > REMIND_WITHIN_DAYS) return null;
  return (
    <p className="password-expiry-notice" role="status">
      {t('profile.passwordExpiry.notice', { date: String(profile?.date_password_expired ?? ''), days })}{' '}
      <a
        href="#"
        onClick={(event) => {
          event.preventDefault();
          onChange();
        }}
      >
        {t('profile.passwordExpiry.change')}
      </a>
    </p>
  );
}

// The server's OTP pages (2.3's /core/auth/profile/otp/…): the profile sends the browser there, in the
// same tab as Lina does, with `next` bringing it back to this tab afterwards.
import { hardNavigate } from '../../core/navigation.ts';

export const MFA_PAGES = {
  enable: '/core/auth/profile/otp/enable/start/',
  disable: '/core/auth/profile/otp/disable/authentication/',
  update: '/core/auth/profile/otp/update/',
} as const;

export const MFA_RETURN = '/ui/#/users/profile/?activeTab=mfa';

export function openMfaPage(page: keyof typeof MFA_PAGES): void {
  hardNavigate(`${MFA_PAGES[page]}?next=${encodeURIComponent(MFA_RETURN)}`);
}

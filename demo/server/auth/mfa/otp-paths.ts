// 2.3's paths of the MFA step and of the OTP pages (apps/authentication/urls/view_urls.py under /core/auth/).
export const OTP_PATHS = {
  loginOtp: '/core/auth/login/otp/',
  /** Signed in: asks the password, then goes to bind. */
  enableStart: '/core/auth/profile/otp/enable/start/',
  /** QR code + secret + a code that proves the app has it. */
  bind: '/core/auth/profile/otp/enable/bind/',
  disable: '/core/auth/profile/otp/disable/authentication/',
  /** A code of the current authenticator, then bind a new one. */
  update: '/core/auth/profile/otp/update/',
  success: '/core/auth/profile/otp/settings-success/',
} as const;

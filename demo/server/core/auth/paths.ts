// Where a browser is sent to sign in (2.3's login view): pages of every feature redirect there, the auth
// feature serves it.
export const LOGIN_PATH = '/core/auth/login/';

export default {
  id: 17,
  name: 'login_captcha',
  // 2.3's captcha after a failed form login (django-simple-captcha's store and the `_LOGIN_INVALID_<ip>`
  // cache key): the pending challenges, each answered once, and the addresses that must answer one.
  sql: `
      CREATE TABLE captchas (
        key TEXT PRIMARY KEY,
        answer TEXT NOT NULL,
        image TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX captchas_expiry ON captchas (expires_at);
      CREATE TABLE captcha_ips (
        ip TEXT PRIMARY KEY,
        until INTEGER NOT NULL
      );
    `,
};

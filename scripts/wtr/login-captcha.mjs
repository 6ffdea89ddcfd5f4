// A login captcha's answer for browser tests: after a failed sign-in the reference server asks its
// address (127.0.0.1, every test's) for a captcha for an hour, so signing in again needs the answer a
// person would read off the picture. The test runner's process reads it from the server's database
// file; nothing of this is reachable over HTTP.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { referenceServer } from './reference-server.mjs';

function answerOf(key) {
  if (!referenceServer.dataDir) return '';
  const db = new Database(join(referenceServer.dataDir, 'bastion.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT answer FROM captchas WHERE key = ?').pluck().get(String(key)) ?? '';
  } finally {
    db.close();
  }
}

/** wtr plugin: `executeServerCommand('login-captcha-answer', { key })` -> the answer ('' if unknown). */
export function loginCaptchaPlugin() {
  return {
    name: 'login-captcha',
    async executeCommand({ command, payload }) {
      if (command === 'login-captcha-answer') return answerOf(payload?.key);
      return undefined;
    },
  };
}

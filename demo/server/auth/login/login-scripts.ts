// The two script files of the server login form, files of this origin as the CSP wants: jsencrypt's
// browser build (its CommonJS entry, served where 2.3 serves it) and demo/login-form.js, which
// encrypts the password on submit.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { LOGIN_SCRIPTS } from './login-page.ts';

const require = createRequire(import.meta.url);

export function registerLoginScripts(app: FastifyInstance): void {
  const [jsencryptPath, formScriptPath] = LOGIN_SCRIPTS;
  const files: [string, string][] = [
    [jsencryptPath, readFileSync(require.resolve('jsencrypt'), 'utf8')],
    [formScriptPath, readFileSync(new URL('../../../login-form.js', import.meta.url), 'utf8')],
  ];
  for (const [path, source] of files) {
    app.get(path, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(source),
    );
  }
}

// A 400 raised from deep inside a handler (a query the engine will not run): the error handler in
// web/errors.ts answers it with the body in the caller's language, so code that has no language or
// reply at hand (search, paging) need not thread a refusal back by hand.
import type { Lang } from './i18n.ts';

export class BadRequest extends Error {
  readonly statusCode = 400;
  constructor(readonly body: (lang: Lang) => Record<string, unknown>) {
    super('bad request');
  }
}

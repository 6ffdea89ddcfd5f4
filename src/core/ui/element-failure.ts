import type { BastionErrorDetail } from '../element-types.ts';
import { requireSignIn } from '../embedding.ts';
import { HttpError } from '../http-error.ts';
import type { TFunction } from '../i18n/index.ts';
import { emit } from './host-events.ts';

// A failed call inside an element is said in its box and told to the host, never left as an empty
// table: 401 (the session is gone) becomes every element's sign-in prompt, anything else
// `bastion-error` and a message ("not allowed" for a 403).

export function failureDetail(error: unknown): BastionErrorDetail {
  if (error instanceof HttpError) return { status: error.status, message: error.message, url: error.url || undefined };
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** Reports `error` from `from`; null when it meant "signed out" (the sign-in prompt takes over). */
export function reportFailure(from: Element | null | undefined, error: unknown): BastionErrorDetail | null {
  const detail = failureDetail(error);
  if (detail.status === 401) {
    requireSignIn('expired');
    return null;
  }
  emit<BastionErrorDetail>(from, 'bastion-error', detail);
  return detail;
}

/** What the element shows for a failure. */
export function failureText(t: TFunction, detail: BastionErrorDetail): string {
  return detail.status === 403 ? t('element.forbidden') : t('element.failed', { message: detail.message });
}

/** A failed call. status 0 means no response arrived (network failure or timeout). */
export class HttpError extends Error {
  readonly status: number;
  /** The decoded response body, e.g. DRF's per-field errors on a 400. */
  readonly data: unknown;
  readonly url: string;

  constructor(message: string, status: number, data: unknown, url: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.data = data;
    this.url = url;
  }
}

/** The text the reference console shows for a failure: error, else msg, else detail. */
export function serverMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const body = data as Record<string, unknown>;
  for (const field of ['error', 'msg', 'detail']) {
    const value = body[field];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

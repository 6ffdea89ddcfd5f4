// The terminal's only way to the server: JSON over HTTP, signed with the service account's access key
// (`Authorization: Sign <id>:<signature>` + `Date`, the server's access-key scheme), in the ROOT org so
// the service account sees every org's grants, sessions and filters.
import { signFor } from '../../shared/access-key-signature.ts';

export interface AccessKey {
  id: string;
  secret: string;
}

export class ApiError extends Error {
  /** `Retry-After` of a 429 or 503, in seconds, when the server sent one. */
  retryAfter: number | null = null;

  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(`${path} answered ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`.slice(0, 500));
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** A cookie jar sent with the call and updated from its answer (one user's sign-in with MFA). */
  cookies?: Map<string, string>;
  /** This call's own time limit (default: the client's). */
  timeoutMs?: number;
}

export class Api {
  key: AccessKey | null = null;

  constructor(
    readonly base: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /** The parsed JSON answer; throws ApiError for any status ≥ 400. */
  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const date = new Date().toUTCString();
    const headers: Record<string, string> = {
      accept: 'application/json',
      date,
      'x-jms-org': 'ROOT',
      ...options.headers,
    };
    if (this.key && !headers.authorization)
      headers.authorization = `Sign ${this.key.id}:${signFor(this.key.secret, date)}`;
    if (options.cookies?.size)
      headers.cookie = [...options.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(new URL(path, this.base), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
    });
    if (options.cookies) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) options.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* a text answer stays text */
    }
    if (response.status >= 400) {
      const error = new ApiError(response.status, parsed, path);
      const header = response.headers.get('retry-after');
      if (header !== null && /^\d+$/.test(header.trim())) error.retryAfter = Number(header);
      throw error;
    }
    return parsed as T;
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.request<T>(path);
  }
  post<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.request<T>(path, { method: 'POST', body });
  }
  patch<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.request<T>(path, { method: 'PATCH', body });
  }

  /** Every row of a list endpoint, whether it answers a bare array or a `{results}` page. */
  async all<T>(path: string): Promise<T[]> {
    const answer = await this.get<T[] | { results: T[] }>(path);
    return Array.isArray(answer) ? answer : (answer?.results ?? []);
  }
}

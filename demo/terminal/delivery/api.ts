// The terminal's only way to the server: JSON over HTTP, signed with the service account's access key
// (`Authorization: Sign <id>:<signature>` + `Date`, the server's access-key scheme), in the ROOT org so
// the service account sees every org's grants, sessions and filters.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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
    const method = options.method ?? (options.form || options.body !== undefined ? 'POST' : 'GET');
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    let answer: Answer;
    if (options.form) {
      // A multipart upload (a recording) keeps fetch's FormData encoding.
      answer = await answerOf(
        await fetch(new URL(path, this.base), {
          method,
          headers,
          body: options.form,
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
    } else {
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      answer = await call(new URL(path, this.base), method, headers, body, timeoutMs);
    }
    if (options.cookies) {
      for (const line of answer.setCookies) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) options.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    }
    const text = answer.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* a text answer stays text */
    }
    if (answer.status >= 400) {
      const error = new ApiError(answer.status, parsed, path);
      const header = answer.retryAfter;
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

/** What a call needs from an answer, however it was sent. */
interface Answer {
  status: number;
  text: string;
  setCookies: string[];
  retryAfter: string | null;
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    text: await response.text(),
    setCookies: response.headers.getSetCookie(),
    retryAfter: response.headers.get('retry-after'),
  };
}

// JSON calls go through node:http on kept-alive sockets rather than fetch: a session opening makes a dozen calls,
// and fetch's streams cost the terminal 1.3 s of its 13.5 s busy while 150 sessions opened at once.
const httpAgent = new HttpAgent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });

function call(
  url: URL,
  method: string,
  headers: OutgoingHttpHeaders,
  body: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const agent = secure ? httpsAgent : httpAgent;
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const request = send(url, { method, headers, agent }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        const setCookie = response.headers['set-cookie'];
        const retryAfter = response.headers['retry-after'];
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          setCookies: setCookie ?? [],
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        });
      });
    });
    // The whole call, answer included, within its time limit (as fetch's AbortSignal.timeout did).
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end(body);
  });
}

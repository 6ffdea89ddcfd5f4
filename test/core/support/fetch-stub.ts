// Intercepts window.fetch so core tests see exactly what the console sends and decide what the
// "server" answers, without a real server.

export interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal?: AbortSignal;
}

export type Reply = Response | 'network-error';
export type Handler = (request: SentRequest) => Reply | Promise<Reply>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface FetchStub {
  sent: SentRequest[];
  restore: () => void;
}

export function stubFetch(handler: Handler): FetchStub {
  const original = window.fetch;
  const sent: SentRequest[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
      signal: init?.signal ?? undefined,
    };
    sent.push(request);
    const reply = await handler(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return reply;
  };
  return {
    sent,
    restore: () => {
      window.fetch = original;
    },
  };
}

/** Routes a stub by path (query ignored); unknown paths answer 404. */
export function byPath(routes: Record<string, () => Reply>): Handler {
  return (request) => {
    const path = new URL(request.url, location.origin).pathname;
    return routes[path]?.() ?? json(404, { detail: 'Not found.' });
  };
}

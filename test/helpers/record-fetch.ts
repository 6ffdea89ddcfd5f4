// Records what the page sends while still letting it through to the real server: tests against
// the reference server can then assert the method and body the console used.

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
  status: number;
}

export function recordFetch(matches: (path: string) => boolean): { sent: Recorded[]; restore: () => void } {
  const original = window.fetch;
  const sent: Recorded[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    const path = new URL(String(input instanceof Request ? input.url : input), location.origin).pathname;
    if (matches(path)) {
      const raw = init?.body;
      sent.push({
        method: (init?.method ?? 'GET').toUpperCase(),
        path,
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
        status: response.status,
      });
    }
    return response;
  };
  return {
    sent,
    restore: () => {
      window.fetch = original;
    },
  };
}

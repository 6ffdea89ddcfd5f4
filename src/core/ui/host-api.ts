import { useLayoutEffect, useRef, type RefObject } from 'react';
import { hostOf } from './host-events.ts';

// Methods of an element (`player.seek(30)`, `list.refresh()`) reach the React component inside it:
// the component registers what it can do on its host element, the element's method calls it. A call
// made before the component can answer (the recording still loading) waits for it; a getter
// (`player.getCurrentTime()`) answers at once, undefined until then.

type Api = Record<string, (...args: never[]) => unknown>;

const registered = new WeakMap<Element, Api>();
const waiting = new WeakMap<Element, (() => void)[]>();

/** Calls `name` on what the component inside `host` registered, once it has. */
export function callHostApi(host: Element, name: string, args: unknown[] = []): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const run = () => {
      try {
        const method = registered.get(host)?.[name] as ((...a: unknown[]) => unknown) | undefined;
        resolve(method?.(...args));
      } catch (error) {
        reject(error);
      }
    };
    if (registered.has(host)) return run();
    waiting.set(host, [...(waiting.get(host) ?? []), run]);
  });
}

/** Calls `name` at once when the component has registered it (a getter); undefined until then. */
export function peekHostApi(host: Element, name: string, args: unknown[] = []): unknown {
  const method = registered.get(host)?.[name] as ((...a: unknown[]) => unknown) | undefined;
  return method?.(...args);
}

/**
 * Registers `api` on the element hosting `inside` while the component is mounted and `enabled`. The
 * newest functions are always called (kept by ref), so callers need not memoise them.
 */
export function useHostApi<A extends Api>(inside: RefObject<Element | null>, api: A, enabled = true): void {
  const latest = useRef(api);
  latest.current = api;
  useLayoutEffect(() => {
    const host = hostOf(inside.current);
    if (!host || !enabled) return undefined;
    const proxy = Object.fromEntries(
      Object.keys(latest.current).map((name) => [name, (...args: never[]) => latest.current[name]?.(...args)]),
    ) as Api;
    registered.set(host, proxy);
    const queued = waiting.get(host) ?? [];
    waiting.delete(host);
    for (const run of queued) run();
    return () => {
      if (registered.get(host) === proxy) registered.delete(host);
    };
  }, [inside, enabled]);
}

// Core tests set and clear real cookies of the test page; the browser context is shared with other
// test files (which log in for real), so every test file puts back what it found.
import { COOKIE } from '../../../src/core/cookies.ts';

const ALL = Object.values(COOKIE);

function read(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((p) => p.startsWith(`${name}=`));
  return pair === undefined ? undefined : pair.slice(name.length + 1);
}

function write(name: string, rawValue: string | undefined): void {
  document.cookie =
    rawValue === undefined ? `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/` : `${name}=${rawValue}; path=/`;
}

export function clearCoreCookies(): void {
  for (const name of ALL) write(name, undefined);
}

/** Snapshots the console cookies now; call the result to restore them. */
export function snapshotCookies(): () => void {
  const saved = ALL.map((name) => [name, read(name)] as const);
  return () => {
    for (const [name, value] of saved) write(name, value);
  };
}

export function cookieNames(): string[] {
  return document.cookie
    .split('; ')
    .filter(Boolean)
    .map((p) => p.split('=')[0]);
}

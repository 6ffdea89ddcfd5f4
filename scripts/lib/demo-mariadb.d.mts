// Types of demo-mariadb.mjs for the server test that starts it (test/server/seed/demo-mariadb.test.ts).
import type { MariaDb } from './mariadb.d.mts';
export const DEMO_MARIADB_HOST: string;
export const DEMO_MARIADB_PORT: number;
export const DEMO_DATABASE: string;
export const READONLY_USER: string;
export const DBA_USER: string;
export const DEMO_DBA_PASSWORD: string;
export function mariadbInstalled(): boolean;
export function demoMariaDbAddress(env?: Record<string, string | undefined>): { host: string; port: number } | null;
export function startDemoMariaDb(options: {
  dir: string; host?: string; port?: number; readonlyPassword?: string; timeoutMs?: number;
}): Promise<MariaDb & { created: boolean }>;

// Types of demo-mariadb-address.mjs (shared by the server and `npm start`'s demo MariaDB).
export const DEMO_MARIADB_HOST: string;
export const DEMO_MARIADB_PORT: number;
export function demoMariaDbAddress(env?: Record<string, string | undefined>): { host: string; port: number } | null;

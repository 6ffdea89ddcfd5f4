// Types of demo-password.mjs (shared by the server and `npm start`'s demo MariaDB).
export const DEFAULT_DEMO_PASSWORD: string;
export function demoPassword(env?: Record<string, string | undefined>): string;

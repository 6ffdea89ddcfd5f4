// Types of nginx.mjs for the server tests that start it (test/server/web/nginx-config.test.ts).
export const NGINX: string;
export const BROTLI_STATIC_MODULE: string;
export const DEPLOY_DIR: string;
export const SITE_TEMPLATE: string;
export const BROTLI_SNIPPET: string;
export const PLACEHOLDERS: string[];
export function brotliModuleInstalled(): boolean;
export function renderSite(values: Record<string, string>, options?: { webTerminal?: boolean; template?: string }): string;
export function writeConfig(dir: string, options: { site: string; brotli?: boolean }): string;
export function checkConfig(conf: string): { ok: boolean; output: string };
export interface Nginx { port: number; origin: string; dir: string; brotli: boolean; errorLog: () => string; stop: () => Promise<void> }
export function startNginx(options: {
  core: string; coreWs?: string; koko?: string; uiDir: string; lunaDir?: string; webTerminal?: boolean; brotli?: boolean;
}): Promise<Nginx>;

// Types of precompress.mjs for the server test that runs it (test/server/web/compression.test.ts).
export function precompressFile(dir: string, file: string): Promise<void>;
export function precompress(): {
  name: string;
  writeBundle(options: { dir?: string }, bundle: Record<string, unknown>): Promise<void>;
};

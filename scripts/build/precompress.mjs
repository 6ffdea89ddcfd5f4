// Brotli and gzip copies of every script and icon in dist/ (`x.js.br`, `x.js.gz`), made once at
// build time at the highest levels, which would be too slow per request. The reference server
// sends the copy the browser accepts (@fastify/static `preCompressed`). index.html is not among
// them: the server renders it per request (demo/server/web/console-page.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes `<file>.br` and `<file>.gz` beside `file` in `dir`, each only when smaller than the file. */
export async function precompressFile(dir, file) {
  const path = join(dir, file);
  const bytes = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < bytes.length) await writeFile(`${path}.gz`, gzipped);
}

export function precompress() {
  return {
    name: 'precompress',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map((file) => precompressFile(options.dir, file)));
    },
  };
}

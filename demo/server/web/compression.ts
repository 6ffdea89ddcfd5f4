// Responses compressed as the client accepts (Accept-Encoding): API JSON, CSV exports and server
// pages above a size threshold are compressed on the fly by @fastify/compress; the built console
// is compressed once at build time (scripts/build/precompress.mjs) and sent as is by
// @fastify/static (`preCompressed`), which sets Content-Encoding so it is not compressed twice.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, a compressed body saves less than its headers and the CPU cost (a 15-row page is ~6 KB). */
export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // Every body here is a string or a buffer (JSON, CSV, HTML), compressed in one synchronous call
    // with its Content-Length; nothing streams (task logs are polled JSON chunks).
    // Compressed request bodies are not part of the API: no inflating of a small upload into a
    // huge one behind the body limit.
    globalDecompression: false,
  });
}

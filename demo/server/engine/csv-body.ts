// `Content-Type: text/csv` bodies become a CsvUpload; the size limit answers JumpServer's message.
import type { FastifyInstance } from 'fastify';
import { CSV_MAX_BYTES, CsvUpload } from './csv.ts';
import { registerWriteGate } from './write-gate.ts';

/** The text/csv body parser, and the write gate other writes wait at while an import writes. */
export function registerCsvParser(app: FastifyInstance): void {
  registerWriteGate(app);
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CSV_MAX_BYTES }, (_request, body, done) => {
    done(null, new CsvUpload(decode(body as Buffer)));
  });
}

/** UTF-8 when valid, else GB18030 (what spreadsheet programs on Chinese systems save). */
function decode(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('gb18030').decode(buffer);
  }
}

export const csvTooLarge = { detail: `The max size of CSV is ${CSV_MAX_BYTES} bytes` };

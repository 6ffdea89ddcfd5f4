// A POSIX ustar archive written by hand (the format is 512-byte headers, data padded to 512, two zero
// blocks at the end): the replay download bundles the recording with its metadata.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';

export type TarEntry =
  { name: string; data: Buffer } | { name: string; file: string } | { name: string; stream: Readable; size: number };

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** One ustar header; `name` must be ASCII and at most 100 bytes (ours are `<uuid>.<ext>`). */
export function tarHeader(name: string, size: number, mtimeSec: number): Buffer {
  const header = Buffer.alloc(BLOCK, 0);
  header.write(name.slice(0, 100), 0, 'ascii');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtimeSec), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii'); // checksum counted as spaces
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** A stream's bytes, which must be `size` long: a store that sends another length cuts the archive off rather than corrupt it. */
async function* exactly(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let sent = 0;
  for await (const chunk of stream) {
    sent += (chunk as Buffer).length;
    if (sent > size) throw new Error(`the recording is longer than its recorded ${size} bytes`);
    yield chunk as Buffer;
  }
  if (sent !== size) throw new Error(`the recording ended after ${sent} of its ${size} bytes`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK, 0);

/** The archive as a stream (files are streamed, not read into memory), and its exact length. */
export function tarStream(entries: TarEntry[], mtimeSec: number): { stream: Readable; length: number } {
  const sizes = entries.map((entry) =>
    'data' in entry ? entry.data.length : 'stream' in entry ? entry.size : statSync(entry.file).size,
  );
  const length = sizes.reduce((total, size) => total + BLOCK + size + padding(size).length, 0) + 2 * BLOCK;
  async function* generate() {
    for (const [i, entry] of entries.entries()) {
      yield tarHeader(entry.name, sizes[i], mtimeSec);
      if ('data' in entry) yield entry.data;
      else if ('stream' in entry) yield* exactly(entry.stream, sizes[i]);
      else for await (const chunk of createReadStream(entry.file, { end: sizes[i] - 1 })) yield chunk as Buffer;
      yield padding(sizes[i]);
    }
    yield Buffer.alloc(2 * BLOCK, 0);
  }
  return { stream: Readable.from(generate()), length };
}

// A small valid PNG drawn in code (a teal square with a white "bastion" bar), so the server ships
// no binary files. Built once per process.
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 32;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function pixels(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 3); // filter byte 0, then RGB
    for (let x = 0; x < SIZE; x++) {
      const bar = y >= 12 && y < 20 && x >= 6 && x < 26;
      const [r, g, b] = bar ? [255, 255, 255] : [26, 179, 148];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat(rows);
}

export function logoPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels())),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

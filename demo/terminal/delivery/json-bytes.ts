// UTF-8 bytes written as the inside of a JSON string without making a JavaScript string of them: the
// recording's hot path (asciicast.ts). A session printing tens of megabytes decoded every chunk to a string,
// stringified it and encoded it back — three copies and the garbage that, held across the file's writes,
// V8 could only free with full collections. Valid UTF-8 needs escaping only for `"`, `\` and control
// characters; anything else is copied as it is. What is not valid UTF-8 is left to the caller (the string
// path, which turns it into U+FFFD as JSON.stringify of a decoded string does).

/** Per byte: 0 copied as is, else the escape's second character, or 117 ('u') for \u00XX. */
const ESCAPE = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte += 1) ESCAPE[byte] = 117;
ESCAPE[0x08] = 98; // \b
ESCAPE[0x09] = 116; // \t
ESCAPE[0x0a] = 110; // \n
ESCAPE[0x0c] = 102; // \f
ESCAPE[0x0d] = 114; // \r
ESCAPE[0x22] = 0x22; // \"
ESCAPE[0x5c] = 0x5c; // \\
const HEX = Buffer.from('0123456789abcdef');

/** The most bytes `escapeJsonBytes` writes for `length` source bytes. */
export const escapedMax = (length: number) => length * 6;

/**
 * Writes `source` escaped for a JSON string into `target` from `at`; answers where it ended. `target` must
 * have `escapedMax(source.length)` bytes free (JSON.stringify's escapes: \b \t \n \f \r \" \\ and \u00xx).
 */
export function escapeJsonBytes(source: Buffer, target: Buffer, at: number): number {
  let out = at;
  let plainFrom = 0;
  for (let i = 0; i < source.length; i += 1) {
    const escape = ESCAPE[source[i]];
    if (escape === 0) continue;
    // Buffer#copy takes the range as numbers: no view object per run of plain bytes (a line of output each).
    if (i > plainFrom) out += source.copy(target, out, plainFrom, i);
    target[out++] = 0x5c;
    target[out++] = escape;
    if (escape === 117) {
      target[out++] = 0x30;
      target[out++] = 0x30;
      target[out++] = HEX[source[i] >> 4];
      target[out++] = HEX[source[i] & 15];
    }
    plainFrom = i + 1;
  }
  if (source.length > plainFrom) out += source.copy(target, out, plainFrom);
  return out;
}

/**
 * How many leading bytes of `bytes` end on a character boundary: a character cut by the end of a chunk
 * (its lead byte among the last three, its continuation bytes still to come) is left for the next one.
 */
export function completeUtf8(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= Math.min(3, end); back += 1) {
    const byte = bytes[end - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? end - back : end;
  }
  return end;
}

import { authFetch } from '../../../core/portal-auth.ts';
import type { Timeline } from './timeline.ts';

// Reads an asciicast v2 file as it downloads (the server may send it gzip-encoded; the browser
// decodes), so the first screen draws before a long recording has arrived.

export class CastFormatError extends Error {}

const PARSE_SLICE_MS = 8;

/** Lets rendering and input run (a message, unlike a timer, is not clamped to 4 ms). */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function parseHeader(line: string, timeline: Timeline): void {
  const header = JSON.parse(line) as {
    version?: number;
    width?: number;
    height?: number;
    timestamp?: number;
    idle_time_limit?: number;
  };
  if (header.version !== 2) throw new CastFormatError(`asciicast version ${String(header.version)}`);
  const idle = typeof header.idle_time_limit === 'number' ? { idleTimeLimit: header.idle_time_limit } : {};
  timeline.setHeader({ cols: header.width || 80, rows: header.height || 24, timestamp: header.timestamp, ...idle });
}

function parseEvent(line: string, timeline: Timeline): void {
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    return;
  } // one damaged line must not lose the rest of the session
  if (!Array.isArray(event) || typeof event[0] !== 'number' || typeof event[2] !== 'string') return;
  if (event[1] === 'o') timeline.push(event[0], event[2]);
  else if (event[1] === 'r') {
    const [cols, rows] = event[2].split('x').map(Number);
    if (cols > 0 && rows > 0) timeline.push(event[0], { cols, rows });
  } else if (event[1] === 'm') timeline.mark(event[0], event[2]);
  // "i" (input) events draw nothing.
}

export interface StreamOptions {
  /** Runs after each network chunk (new events may be there). */
  onProgress: () => void;
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** Asked before each read: a promise holds the reading back until it settles. */
  gate?: () => Promise<void> | undefined;
}

/** Streams `url` into `timeline`. Resolves when the file has been read whole. */
export async function streamCast(
  url: string,
  timeline: Timeline,
  { onProgress, signal, headers = {}, gate }: StreamOptions,
): Promise<void> {
  const response = await authFetch(url, { credentials: 'include', signal, headers });
  if (!response.ok || !response.body) throw new Error(`${response.status} ${response.statusText}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  let sawHeader = false;
  const take = (line: string) => {
    if (!line.trim()) return;
    if (!sawHeader) {
      parseHeader(line, timeline);
      sawHeader = true;
    } else parseEvent(line, timeline);
  };
  let worked = performance.now();
  for (;;) {
    const held = gate?.();
    if (held) {
      await held;
      worked = performance.now();
    }
    const { value, done } = await reader.read();
    if (done) break;
    const lines = (rest + value).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) take(line);
    onProgress();
    // On loopback the chunks arrive faster than they parse: without a pause the page would not draw
    // (nor take a click) until the whole file is read.
    if (performance.now() - worked > PARSE_SLICE_MS) {
      await yieldToPage();
      worked = performance.now();
    }
  }
  take(rest);
  if (!sawHeader) throw new CastFormatError('empty recording');
  timeline.complete = true;
  onProgress();
}

// A granted tree of 40,000 assets is ~15 MB of JSON: built and sent as one string it holds the event
// loop for seconds (and compressing it, for a browser, another while). Answers here are produced as
// pieces of JSON text by a generator (an undefined piece is just a place to pause), run by the turn
// scheduler (slices.ts): an answer shorter than one chunk goes out as one string, as before; a longer
// one is streamed, a chunk at a time and only as fast as the client (or the compressor) takes it.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { enqueue, runSliced, type Work } from './slices.ts';

export type Pieces = Iterator<string | void, void, void>;

/** Text gathered before it is handed on as one chunk of the stream. */
const CHUNK_CHARS = 256 * 1024;

export async function sendPieces(reply: FastifyReply, pieces: Pieces): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const first = await runSliced(firstChunk(pieces));
  if (first.done) return reply.send(first.text);
  let ahead: string | null = first.text;
  let text = '';
  let queued = false;
  const stream: Readable = new Readable({
    read() {
      if (ahead !== null) {
        const chunk = ahead;
        ahead = null;
        this.push(chunk);
      } else if (!queued) {
        queued = true;
        enqueue(producer);
      }
    },
  });
  // One piece per step; a full chunk is pushed and the job waits for the next read().
  const producer = {
    step(): boolean {
      try {
        const next = pieces.next();
        if (next.value) text += next.value;
        if (!next.done && text.length < CHUNK_CHARS) return true;
        queued = false;
        const chunk = text;
        text = '';
        if (chunk) stream.push(chunk);
        if (next.done) stream.push(null);
      } catch (error) {
        queued = false;
        stream.destroy(error as Error);
      }
      return false;
    },
  };
  return reply.send(stream);
}

function* firstChunk(pieces: Pieces): Work<{ text: string; done: boolean }> {
  let text = '';
  for (;;) {
    const next = pieces.next();
    if (next.done) return { text, done: true };
    if (next.value) text += next.value;
    if (text.length >= CHUNK_CHARS) return { text, done: false };
    yield;
  }
}

/** `[` + the texts of `items` joined by `,` + `]`, as pieces. */
export function* jsonArray(items: Iterable<string | void>): Generator<string | void, void, void> {
  yield '[';
  let first = true;
  for (const item of items) {
    if (item === undefined) {
      yield;
      continue;
    }
    yield first ? item : `,${item}`;
    first = false;
  }
  yield ']';
}

// What the door's SFTP server needs of ssh2's SFTP stream (ssh2 1.x, lib/protocol/SFTP.js) beyond its
// public methods, kept in this one file: the limits@openssh.com extension OpenSSH's own sftp-server
// offers, and flow control toward the client in both directions. ssh2's server side has neither: it
// answers INIT with a bare VERSION, and it reopens the channel's window as soon as a packet is parsed,
// whatever the door still holds of it. Each reach into ssh2 falls back to ssh2's own behaviour when
// the stream is not in the state expected.
import type { SFTPWrapper } from 'ssh2';

/** ssh2's SFTP stream as far as this file reaches into it. */
interface Internals {
  push(data: Buffer | null): unknown;
  incoming: { window: number };
  outgoing: { id: number; state: string; window: number };
  /** Packets ssh2 holds until the client's window opens (drained in order on its WINDOW_ADJUST). */
  _buffer: Buffer[];
  _waitWindow: boolean;
  _chunkcb: (() => void) | undefined;
  /** Set by ssh2 when `push` answered false: the window was left as it was. */
  _waitChanDrain: boolean;
  _protocol: {
    channelData(id: number, data: Buffer): void;
    channelWindowAdjust(id: number, amount: number): void;
    exitStatus(id: number, status: number): void;
  };
}

const internals = (sftp: SFTPWrapper) => sftp as unknown as Internals;

export const LIMITS_EXTENSION = 'limits@openssh.com';
/** OpenSSH's sftp-server's figures: 256 KB messages, of which up to 255 KB of file data. */
export const MAX_MESSAGE = 256 * 1024;
export const MAX_DATA = MAX_MESSAGE - 1024;
const SSH_FXP_INIT = 1;
const SSH_FXP_VERSION = 2;
const SSH_FXP_EXTENDED_REPLY = 201;

function framed(body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(4 + body.length);
  out.writeUInt32BE(body.length, 0);
  body.copy(out, 4);
  return out;
}

/** VERSION 3 offering limits@openssh.com (revision "1"), as OpenSSH's sftp-server sends it. */
const VERSION_WITH_LIMITS = (() => {
  const name = Buffer.from(LIMITS_EXTENSION);
  const body = Buffer.alloc(1 + 4 + 4 + name.length + 4 + 1);
  let p = body.writeUInt8(SSH_FXP_VERSION, 0);
  p = body.writeUInt32BE(3, p);
  p = body.writeUInt32BE(name.length, p);
  p += name.copy(body, p);
  p = body.writeUInt32BE(1, p);
  body.write('1', p);
  return framed(body);
})();

/** The answer to limits@openssh.com: packet, read and write lengths, and no limit of open handles (0). */
export function limitsReply(reqid: number): Buffer {
  const body = Buffer.alloc(1 + 4 + 4 * 8);
  body[0] = SSH_FXP_EXTENDED_REPLY;
  body.writeUInt32BE(reqid, 1);
  body.writeBigUInt64BE(BigInt(MAX_MESSAGE), 5);
  body.writeBigUInt64BE(BigInt(MAX_DATA), 13);
  body.writeBigUInt64BE(BigInt(MAX_DATA), 21);
  body.writeBigUInt64BE(0n, 29);
  return framed(body);
}

/** One whole, well-formed INIT packet (uint32 length, type, uint32 version, name/value string pairs)? */
function isWholeInit(data: Buffer): boolean {
  if (data.length < 9 || data.readUInt32BE(0) !== data.length - 4 || data[4] !== SSH_FXP_INIT) return false;
  let p = 9;
  while (p < data.length) {
    for (let i = 0; i < 2; i += 1) {
      if (p + 4 > data.length) return false;
      p += 4 + data.readUInt32BE(p);
      if (p > data.length) return false;
    }
  }
  return true;
}

/**
 * Sends one whole SFTP packet now if the client's window takes it and ssh2 holds nothing before it;
 * false when it could not (the caller answers otherwise).
 */
export function sendPacket(sftp: SFTPWrapper, packet: Buffer): boolean {
  const raw = internals(sftp);
  if (raw.outgoing.state !== 'open' || raw._buffer.length || raw.outgoing.window < packet.length) return false;
  raw.outgoing.window -= packet.length;
  raw._protocol.channelData(raw.outgoing.id, packet);
  return true;
}

/**
 * The door's VERSION offers limits@openssh.com (answered with `limitsReply`). Without it OpenSSH's sftp
 * moves files in 32 KB requests, where against OpenSSH's sftp-server it moves 255 KB per request:
 * eight times the requests, each a round trip through the door to the asset and back. ssh2 still reads
 * the INIT itself; only its bare VERSION is held back (a channel not 'open' sends nothing) and this one
 * goes instead. An INIT split over two reads or followed by more data keeps ssh2's own answer.
 */
export function offerLimits(sftp: SFTPWrapper): void {
  const raw = internals(sftp);
  const push = raw.push;
  raw.push = function first(data) {
    raw.push = push;
    if (
      !data ||
      !isWholeInit(data) ||
      raw.outgoing.state !== 'open' ||
      raw._buffer.length ||
      raw.outgoing.window < VERSION_WITH_LIMITS.length
    ) {
      return push.call(raw, data);
    }
    raw.outgoing.state = 'version';
    try {
      push.call(raw, data);
    } finally {
      raw.outgoing.state = 'open';
    }
    sendPacket(sftp, VERSION_WITH_LIMITS);
    return undefined;
  };
}

/**
 * Holds the client back while `full()` says the door has enough of its data in hand (writes the asset
 * has not acknowledged yet): the channel's window is then not reopened, so the client can send at most
 * what is left of it. `resume()` reopens it once `full()` turns false.
 */
export function inboundFlow(sftp: SFTPWrapper, full: () => boolean): { resume(): void } {
  const raw = internals(sftp);
  // The window ssh2 opened the channel with, and reopens it to.
  const window = raw.incoming.window;
  const push = raw.push;
  raw.push = function held(data) {
    const result = push.call(raw, data);
    return data !== null && full() ? false : result;
  };
  return {
    resume() {
      if (!raw._waitChanDrain || full() || raw.outgoing.state !== 'open') return;
      raw._waitChanDrain = false;
      const amount = window - raw.incoming.window;
      if (amount <= 0) return;
      raw.incoming.window += amount;
      raw._protocol.channelWindowAdjust(raw.outgoing.id, amount);
    },
  };
}

/** Bytes ssh2 holds for the client because its window is closed. */
export function heldForClient(sftp: SFTPWrapper): number {
  let bytes = 0;
  for (const packet of internals(sftp)._buffer) bytes += packet.length;
  return bytes;
}

const windowWaiters = new WeakMap<Internals, (() => void)[]>();

/**
 * Calls `then` once the client's window has opened and ssh2 has sent on what it held (ssh2 calls the
 * stream's `_chunkcb` then; it sets that callback anew each time the window runs out, so the door
 * watches the property rather than wrapping one value), or soon when ssh2 waits for nothing.
 */
export function afterClientWindow(sftp: SFTPWrapper, then: () => void): void {
  const raw = internals(sftp);
  if (!raw._waitWindow || !raw._chunkcb) {
    setImmediate(then);
    return;
  }
  let waiters = windowWaiters.get(raw);
  if (!waiters) {
    const list: (() => void)[] = [];
    waiters = list;
    windowWaiters.set(raw, list);
    let current: (() => void) | undefined = raw._chunkcb;
    Object.defineProperty(raw, '_chunkcb', {
      configurable: true,
      enumerable: true,
      get: () =>
        current &&
        function opened(this: unknown) {
          current!.call(this);
          for (const waiter of list.splice(0)) waiter();
        },
      set: (value: (() => void) | undefined) => {
        current = value;
      },
    });
  }
  waiters.push(then);
}

/** ssh2 gives the SFTP stream no exit(): the status goes on the channel as ServerChannel.exit sends it. */
export function exitStatus(sftp: SFTPWrapper, status: number): void {
  const raw = internals(sftp);
  if (raw._protocol && raw.outgoing?.state === 'open') raw._protocol.exitStatus(raw.outgoing.id, status);
}

// ssh2 hands its socket one write per SSH packet, and Node sends each at once: a write system call per packet.
// With 150 sessions opening at once those calls were the terminal's largest cost (4.3 s of 13.5 s busy), and
// bulk output pays one per 32 KB channel packet. Writes made in the same turn of the event loop now leave
// together: the socket is corked at the first and uncorked on the next tick (one writev). Order and
// backpressure are the socket's own; a keystroke's echo waits for nothing but the end of the current turn.
import type { Duplex } from 'node:stream';

const coalescing = new WeakSet<Duplex>();

export function coalesceWrites(socket: Duplex | undefined): void {
  if (!socket || coalescing.has(socket)) return;
  coalescing.add(socket);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = ((...args: unknown[]) => {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write(...args);
  }) as Duplex['write'];
}

/** The socket under an ssh2 connection (server side) or client, once it has one. */
export const socketOf = (connection: object): Duplex | undefined => (connection as { _sock?: Duplex })._sock;

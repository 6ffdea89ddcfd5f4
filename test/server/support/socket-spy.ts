// Records every outgoing TCP connect of this test process (ssh2 and net.connect both end in
// Socket.prototype.connect), so a test can prove that a refused target never got a socket.
import { Socket } from 'node:net';
import type { TestContext } from 'node:test';

export interface ConnectSpy {
  /** "host:port" of every connect attempted since the spy was set. */
  readonly targets: string[];
}

function describe(args: unknown[]): string {
  const [first, second] = args as [unknown, unknown];
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; port?: number; path?: string };
    return options.path ?? `${options.host ?? 'localhost'}:${options.port}`;
  }
  if (Array.isArray(first)) return describe(first as unknown[]); // net's internal normalised form
  return typeof second === 'string' ? `${second}:${String(first)}` : `localhost:${String(first)}`;
}

export function spyOnConnects(t: TestContext): ConnectSpy {
  const original = Socket.prototype.connect;
  const targets: string[] = [];
  Socket.prototype.connect = function connect(this: Socket, ...args: unknown[]) {
    targets.push(describe(args));
    return (original as (...a: unknown[]) => Socket).apply(this, args);
  } as typeof original;
  t.after(() => {
    Socket.prototype.connect = original;
  });
  return { targets };
}

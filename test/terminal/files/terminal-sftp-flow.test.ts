// The door's reach into ssh2's SFTP stream (demo/terminal/files/sftp-flow.ts), checked against the ssh2
// this project installs, with a real ssh2 server and client on loopback: while the door holds enough of a
// client's writes, the channel's window stays closed and the client cannot send more (without the hold,
// ssh2 takes everything a client sends while nothing is answered); once the door lets go, the rest
// arrives. And the door's VERSION offers limits@openssh.com, whose answer ssh2's own client then uses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2';
import {
  inboundFlow,
  LIMITS_EXTENSION,
  limitsReply,
  MAX_DATA,
  offerLimits,
  sendPacket,
} from '../../../demo/terminal/files/sftp-flow.ts';
import { eventually, parsableEd25519 } from '../../server/support/terminal-world.ts';

const KB = 1024;
const MB = 1024 * KB;
/** ssh2's channel window (the most a client may send before the server reopens it). */
const SSH2_WINDOW = 2 * MB;

interface Door {
  port: number;
  server: ssh2.Server;
  sftp: Promise<SFTPWrapper>;
}

/** An ssh2 server taking any sign-in whose `sftp` subsystem goes to `serve`. */
async function door(serve: (sftp: SFTPWrapper) => void): Promise<Door> {
  const hostKey = parsableEd25519().private;
  let ready: (sftp: SFTPWrapper) => void;
  const sftp = new Promise<SFTPWrapper>((resolve) => {
    ready = resolve;
  });
  const server = new ssh2.Server({ hostKeys: [hostKey] }, (client: Connection) => {
    client.on('authentication', (ctx) => ctx.accept());
    client.on('error', () => {});
    client.on('ready', () =>
      client.on('session', (accept) =>
        accept().on('sftp', (acceptSftp) => {
          const stream = acceptSftp();
          serve(stream);
          ready(stream);
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server, sftp };
}

async function client(port: number): Promise<{ conn: ssh2.Client; sftp: SFTPWrapper }> {
  const conn = new ssh2.Client();
  await new Promise<void>((resolve, reject) => {
    conn
      .once('ready', () => resolve())
      .once('error', reject)
      .connect({ host: '127.0.0.1', port, username: 'flow' });
  });
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
    conn.sftp((error, s) => (error ? reject(error) : resolve(s))),
  );
  return { conn, sftp };
}

/** Writes the door takes and keeps unanswered until `answerAll`; how many bytes it has taken. */
function holdingServer(hold: boolean, limit: number) {
  let taken = 0;
  let held = 0;
  const waiting: number[] = [];
  let flow: { resume(): void } | null = null;
  let stream: SFTPWrapper | null = null;
  return {
    serve(sftp: SFTPWrapper) {
      stream = sftp;
      if (hold) flow = inboundFlow(sftp, () => held >= limit);
      sftp.on('OPEN', (reqid) => sftp.handle(reqid, Buffer.from([0, 0, 0, 1])));
      sftp.on('WRITE', (reqid, _handle, _offset, data) => {
        taken += data.length;
        held += data.length;
        waiting.push(reqid);
      });
    },
    taken: () => taken,
    answerAll() {
      for (const reqid of waiting.splice(0)) stream!.status(reqid, 0);
      held = 0;
      flow?.resume();
    },
  };
}

/** Starts `count` writes of `size` at once (a client keeping them all in flight); resolves when all are answered. */
function writeMany(sftp: SFTPWrapper, count: number, size: number): Promise<void> {
  const data = Buffer.alloc(size, 7);
  return new Promise<void>((resolve, reject) => {
    sftp.open('/flow.bin', 'w', (error, handle) => {
      if (error) return reject(error);
      let left = count;
      for (let i = 0; i < count; i += 1) {
        sftp.write(handle, data, 0, size, i * size, (failed) => {
          if (failed) return reject(failed);
          left -= 1;
          if (!left) resolve();
        });
      }
    });
  });
}

/** Waits until `value()` has not changed for a while (the client has sent what it may). */
async function settled(value: () => number): Promise<number> {
  let last = -1;
  await eventually(
    async () => {
      const now = value();
      if (now === last) return true;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return null;
    },
    20_000,
    'the transfer to settle',
  );
  return last;
}

const WRITES = 400;
const SIZE = 30 * KB;
const LIMIT = 1 * MB;

for (const hold of [false, true]) {
  test(
    hold
      ? 'held writes close the window until the door lets go'
      : 'without the hold, ssh2 takes every write while none is answered',
    async (t) => {
      const server = holdingServer(hold, LIMIT);
      const d = await door(server.serve);
      t.after(() => d.server.close());
      const c = await client(d.port);
      t.after(() => c.conn.end());
      const done = writeMany(c.sftp, WRITES, SIZE);
      const taken = await settled(server.taken);
      if (hold) {
        assert.ok(taken < LIMIT + SSH2_WINDOW + 64 * KB, `the door took ${taken} bytes while holding ${LIMIT}`);
        assert.ok(taken < WRITES * SIZE);
      } else {
        assert.equal(taken, WRITES * SIZE, 'ssh2 alone reopens the window whatever the door holds');
      }
      // Answered as they come from now on: everything arrives and every write is acknowledged.
      const timer = setInterval(() => server.answerAll(), 5);
      t.after(() => clearInterval(timer));
      await done;
      assert.equal(server.taken(), WRITES * SIZE);
    },
  );
}

test("the door's VERSION offers limits@openssh.com, and ssh2's client uses the answer", async (t) => {
  const d = await door((sftp) => {
    offerLimits(sftp);
    sftp.on('EXTENDED', (reqid, name) => {
      if (name === LIMITS_EXTENSION && sendPacket(sftp, limitsReply(reqid))) return;
      sftp.status(reqid, 8);
    });
    sftp.on('OPEN', (reqid) => sftp.handle(reqid, Buffer.from([0, 0, 0, 1])));
    const sizes: number[] = [];
    sftp.on('WRITE', (reqid, _handle, _offset, data) => {
      sizes.push(data.length);
      sftp.status(reqid, 0);
    });
    (sftp as unknown as { sizes: number[] }).sizes = sizes;
  });
  t.after(() => d.server.close());
  const c = await client(d.port);
  t.after(() => c.conn.end());
  const extensions = (c.sftp as unknown as { _extensions: Record<string, string> })._extensions;
  assert.equal(extensions[LIMITS_EXTENSION], '1');
  // One write of a megabyte: ssh2 splits it by the server's write limit (31,952 bytes without one).
  await writeMany(c.sftp, 1, 1 * MB);
  const sizes = ((await d.sftp) as unknown as { sizes: number[] }).sizes;
  assert.deepEqual(sizes, [MAX_DATA, MAX_DATA, MAX_DATA, MAX_DATA, MB - 4 * MAX_DATA]);
});

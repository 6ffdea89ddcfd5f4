// The commands sessions parse, handed to the outbox (outbox.ts): each gets its id here, when it is
// recorded, so however often it is sent the server stores it once; the outbox journals it before it is
// sent and posts it in batches (`POST terminal/commands/` takes an array).
import { randomUUID } from 'node:crypto';
import type { CommandRecord } from './command-record.ts';
import type { Outbox } from './outbox.ts';


export class CommandSink {
  constructor(private readonly outbox: Outbox) {}

  add(record: CommandRecord): void {
    this.outbox.command({ ...record, id: randomUUID() });
  }

  /** Tries to deliver what is queued now; resolves once the server took it or a try failed (it stays queued). */
  async flush(): Promise<void> {
    await this.outbox.flush();
  }

  /** The commands are delivered or on disk; the outbox itself is stopped with the terminal. */
  stop(): Promise<void> {
    return this.flush();
  }
}

// The commands sessions parse, handed to the outbox (outbox.ts): each gets its id here, when it is
// recorded, so however often it is sent the server stores it once; the outbox journals it before it is
// sent and posts it in batches (`POST terminal/commands/` takes an array). An input longer than the
// command log's field, or over several lines, goes as consecutive rows (command-record.ts).
import { randomUUID } from 'node:crypto';
import { commandRows, type CommandRecord } from './command-record.ts';
import type { Outbox } from './outbox.ts';

export class CommandSink {
  constructor(private readonly outbox: Outbox) {}

  /** One record, as one row or, when its input does not fit one row, as several (commandRows). */
  add(record: CommandRecord): void {
    for (const row of commandRows(record)) this.outbox.command({ ...row, id: randomUUID() });
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

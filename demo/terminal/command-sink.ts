// Commands go to the server in batches (`POST terminal/commands/` takes an array): queued as sessions
// parse them, sent every second or when a batch is full, and on demand when a session ends.
import type { Api } from './api.ts';

export interface CommandRecord {
  user: string; asset: string; system_user: string; input: string; output: string;
  session: string; risk_level: 0 | 5; org_id: string; timestamp: number;
}

const BATCH = 100;

export class CommandSink {
  private queue: CommandRecord[] = [];
  private timer: NodeJS.Timeout;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly api: Api, private readonly log: (line: string) => void) {
    this.timer = setInterval(() => void this.flush(), 1000);
    this.timer.unref();
  }

  add(record: CommandRecord): void {
    this.queue.push(record);
    if (this.queue.length >= BATCH) void this.flush();
  }

  /** Sends what is queued; resolves once every earlier batch was answered. */
  flush(): Promise<void> {
    this.sending = this.sending.then(async () => {
      while (this.queue.length) {
        const batch = this.queue.splice(0, BATCH);
        try {
          await this.api.post('/api/v1/terminal/commands/', batch);
        } catch (error) {
          this.log(`commands not recorded (${batch.length}): ${(error as Error).message}`);
        }
      }
    });
    return this.sending;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

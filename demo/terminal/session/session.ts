// The SSH kind of recorded session (recorded-session.ts holds the life all kinds share): between a user's
// screen (an SSH channel or a web socket: both are a UserScreen) and an asset's shell, its output recorded as
// asciicast, every line the shell is to run held at its Enter, judged by the command filter and recorded
// (line/line-gate.ts); it ends on the user leaving, the target dropping, a kill task, an idle timeout or the
// terminal stopping.
import { StringDecoder } from 'node:string_decoder';
import { CommandFilter, isIncomplete } from '../../shared/command-filter/command-filter.ts';
import { programLineVerdict } from './program-line.ts';
import { LineGate, type Refusal } from '../line/line-gate.ts';
import type { Services } from '../services.ts';
import { text, type Lang, type TextKey } from '../texts/texts.ts';
import { assetEndpoint, filterRules, gatewayEndpoint, type GrantedAsset, type GrantedSystemUser } from './grants.ts';
import { openTarget, type Target } from './target.ts';
import { RecordedSession, type EndReason, type ManualLogin, type Origin, type UserScreen } from './recorded-session.ts';

const ENDED_MESSAGES: Partial<Record<EndReason, TextKey>> = {
  killed: 'session.killed',
  idle: 'session.idle',
  stopping: 'session.stopping',
  tampered: 'session.tampered',
};

/** Output gathered while it streams: at most this much, or this long, before it goes to the user. */
const OUTPUT_BATCH_BYTES = 32 * 1024;
const OUTPUT_BATCH_MS = 2;
/** Output within this long of the last write counts as streaming. */
const STREAMING_GAP_MS = 5;

const red = (text: string) => `\r\n\x1b[31m${text}\x1b[0m\r\n`;

export class TerminalSession extends RecordedSession {
  private target!: Target;
  private filter!: CommandFilter;
  private gate!: LineGate;
  private readonly decoder = new StringDecoder('utf8');
  private outputQueue: Buffer[] = [];
  private outputBytes = 0;
  private outputScheduled = false;
  private lastFlushAt = 0;

  private constructor(
    services: Services,
    origin: Origin,
    readonly asset: GrantedAsset,
    systemUser: GrantedSystemUser,
    screen: UserScreen,
  ) {
    super(services, origin, systemUser, screen, {
      name: asset.hostname,
      id: asset.id,
      org_id: asset.org_id,
      protocol: 'ssh',
    });
  }

  /** Connects to the asset and opens the session on the server; throws (nothing recorded) when the asset cannot be reached. */
  static async open(
    services: Services,
    origin: Origin,
    asset: GrantedAsset,
    systemUser: GrantedSystemUser,
    screen: UserScreen,
    manual?: ManualLogin,
  ): Promise<TerminalSession> {
    const session = new TerminalSession(services, origin, asset, systemUser, screen);
    await session.start(manual);
    return session;
  }

  private async start(manual?: ManualLogin): Promise<void> {
    const { api } = this.services;
    const [stored, gateway, rules] = await Promise.all([
      assetEndpoint(api, this.origin.user, this.asset, this.systemUser),
      gatewayEndpoint(api, this.asset),
      filterRules(api, this.systemUser),
    ]);
    // A manual-login system user: the credentials the user just typed, not stored ones.
    const endpoint = manual
      ? {
          host: stored.host,
          port: stored.port,
          username: manual.username || stored.username,
          password: manual.password,
        }
      : stored;
    this.filter = new CommandFilter(rules);
    this.gate = new LineGate(
      {
        toTarget: (keys) => this.target.channel.write(keys),
        check: (line) => this.filter.check(line),
        checkProgram: (line, shell) => programLineVerdict(this.filter, line, shell),
        isIncomplete,
        hasDenyRules: rules.some((rule) => Number(rule.action) === 0),
        refused: (refusal) => this.notice(refusalText(this.lang, refusal)),
        record: (record) => this.recordLine(record),
        inflight: (record) => {
          if (record) return this.services.inflight.note(this.commandOf(record));
          this.services.inflight.clear(this.id);
          return null;
        },
        tampered: () => void this.end('tampered'),
        trace:
          process.env.TERMINAL_TRACE_LINES === '1'
            ? (line) => this.services.log(`session ${this.id}: ${line}`)
            : undefined,
      },
      this.screen.cols,
      this.screen.rows,
    );
    await this.openRecorded(async () => {
      this.target = await openTarget(
        endpoint,
        gateway,
        { cols: this.screen.cols, rows: this.screen.rows, term: this.screen.term },
        this.services.targets,
      );
    });
    this.target.channel.on('data', (data: Buffer) => this.fromTarget(data));
    this.target.channel.stderr.on('data', (data: Buffer) => this.fromTarget(data));
    this.target.channel.once('close', () => void this.end('target'));
  }

  /** Keys from the user: they go to the asset at once, but for the Enter of a line (see LineGate). */
  input(data: string): void {
    if (this.isEnding) return;
    this.idle.touch();
    this.gate.input(data);
  }

  resize(cols: number, rows: number): void {
    if (this.isEnding || (cols === this.screen.cols && rows === this.screen.rows)) return;
    this.screen.cols = cols;
    this.screen.rows = rows;
    this.target.resize(cols, rows);
    this.recorder.resize(cols, rows);
    this.gate.resize(cols, rows);
  }

  /**
   * Output of the asset, to the user in as few writes as keep typing instant. Each write is an SSH packet
   * with its own encryption and socket write, and the asset's output comes in chunks of ~2 KB (a pty's
   * reads): sent one by one, they were most of the door's cost in bulk output. Output after a quiet moment
   * (an echo, a prompt) goes at the end of its tick; while output streams, it is gathered up to 32 KB or 2 ms.
   */
  private fromTarget(data: Buffer): void {
    this.outputQueue.push(data);
    this.outputBytes += data.length;
    if (this.outputBytes >= OUTPUT_BATCH_BYTES) return this.flushOutput();
    if (this.outputScheduled) return;
    this.outputScheduled = true;
    const streaming = performance.now() - this.lastFlushAt < STREAMING_GAP_MS;
    if (streaming) setTimeout(() => this.flushOutput(), OUTPUT_BATCH_MS);
    else process.nextTick(() => this.flushOutput());
  }

  private flushOutput(): void {
    this.outputScheduled = false;
    if (!this.outputQueue.length) return;
    const data = this.outputQueue.length === 1 ? this.outputQueue[0] : Buffer.concat(this.outputQueue);
    this.outputQueue = [];
    this.outputBytes = 0;
    this.lastFlushAt = performance.now();
    this.screen.write(data);
    // The recording takes the bytes as they are (asciicast.ts); the gate reads text (a character split
    // over two chunks waits for its end).
    this.recorder.output(data);
    const text = this.decoder.write(data);
    if (text) this.gate.output(text);
  }

  protected notice(message: string): void {
    this.screen.write(red(message));
    this.recorder.output(red(message));
  }

  protected disconnect(): void {
    this.target.close();
  }

  protected wrapUp(reason: EndReason): void {
    // The asset's last output, still waiting for the end of its tick, belongs to the recording and the gate.
    if (this.outputQueue.length) this.flushOutput();
    const message = ENDED_MESSAGES[reason];
    if (message) this.notice(text(this.lang, message));
    // The last line's record, with the output seen so far, goes before the session's close.
    this.gate.finish();
    this.disconnect();
  }
}

function refusalText(lang: Lang, refusal: Refusal): string {
  switch (refusal.kind) {
    case 'rule':
      return text(lang, 'session.forbidden', { command: refusal.line, rule: refusal.rule });
    case 'unsure':
      return text(lang, 'session.unsure');
    case 'typeahead':
      return text(lang, 'session.typeahead');
    case 'binding':
      return text(lang, 'session.binding', { key: refusal.key });
    case 'unseen':
      return text(lang, 'session.unseen');
    case 'unnoted':
      return refusal.why.in(lang);
  }
}

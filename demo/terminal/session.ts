// One recorded session between a user's screen (an SSH channel or a web socket: both are a UserScreen)
// and an asset: created on the server when it opens, output recorded as asciicast, command lines parsed,
// filtered and posted, and on its end — the user leaving, the target dropping, a kill task, an idle
// timeout or the terminal stopping — the recording uploaded and the session closed with its date_end.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { AsciicastRecorder } from './asciicast.ts';
import { CommandFilter } from './command-filter.ts';
import { CommandParser, type ParsedCommand } from './command-parser.ts';
import type { Services } from './services.ts';
import { assetEndpoint, filterRules, gatewayEndpoint, type GrantedAsset, type GrantedSystemUser, type TerminalUser } from './grants.ts';
import { openTarget, type Target } from './target.ts';

export interface UserScreen {
  write(data: string | Buffer): void;
  cols: number;
  rows: number;
  term?: string;
}

export interface Origin { user: TerminalUser; remoteAddr: string; loginFrom: 'ST' | 'WT' }

/** What the user types for a system user in manual login mode. */
export interface ManualLogin { username: string; password: string }

export type EndReason = 'user' | 'target' | 'killed' | 'idle' | 'stopping';

const ENDED_MESSAGES: Partial<Record<EndReason, string>> = {
  killed: 'This session was terminated by an administrator.',
  idle: 'This session was closed after being idle too long.',
  stopping: 'The terminal service is stopping; this session is closed.',
};

const red = (text: string) => `\r\n\x1b[31m${text}\x1b[0m\r\n`;
const userLabel = (user: TerminalUser) => `${user.name}(${user.username})`;

export class TerminalSession {
  readonly id = randomUUID();
  private target!: Target;
  private recorder!: AsciicastRecorder;
  private filter!: CommandFilter;
  private readonly parser: CommandParser;
  private readonly decoder = new StringDecoder('utf8');
  private idleTimer: NodeJS.Timeout | null = null;
  private ending: Promise<void> | null = null;
  private commandCount = 0;
  private resolveEnded!: (reason: EndReason) => void;
  /** Resolves with why the session ended, once it is closed on the server. */
  readonly ended: Promise<EndReason>;

  private constructor(
    private readonly services: Services, private readonly origin: Origin, readonly asset: GrantedAsset,
    readonly systemUser: GrantedSystemUser, private readonly screen: UserScreen,
  ) {
    this.parser = new CommandParser((command) => this.record(command, 0));
    this.ended = new Promise((resolve) => { this.resolveEnded = resolve; });
  }

  /** Connects to the asset and opens the session on the server; throws (nothing recorded) when the asset cannot be reached. */
  static async open(
    services: Services, origin: Origin, asset: GrantedAsset, systemUser: GrantedSystemUser, screen: UserScreen, manual?: ManualLogin,
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
      ? { host: stored.host, port: stored.port, username: manual.username || stored.username, password: manual.password }
      : stored;
    this.filter = new CommandFilter(rules);
    this.target = await openTarget(endpoint, gateway, { cols: this.screen.cols, rows: this.screen.rows, term: this.screen.term }, this.services.targets);
    try {
      await api.post('/api/v1/terminal/sessions/', {
        id: this.id, user: userLabel(this.origin.user), asset: this.asset.hostname, system_user: this.systemUser.name,
        user_id: this.origin.user.id, asset_id: this.asset.id, system_user_id: this.systemUser.id,
        login_from: this.origin.loginFrom, remote_addr: this.origin.remoteAddr, protocol: 'ssh',
        org_id: this.asset.org_id ?? '', date_start: new Date().toISOString(),
      });
    } catch (error) {
      this.target.close();
      throw error;
    }
    this.recorder = new AsciicastRecorder(join(this.services.replayDir, `${this.id}.cast`), this.screen.cols, this.screen.rows);
    this.services.sessions.set(this.id, this);
    this.target.channel.on('data', (data: Buffer) => this.fromTarget(data));
    this.target.channel.stderr.on('data', (data: Buffer) => this.fromTarget(data));
    this.target.channel.once('close', () => void this.end('target'));
    this.touch();
  }

  /** Keys from the user: each Enter ends a command line, which the filter lets through or refuses. */
  input(data: string): void {
    if (this.ending) return;
    this.touch();
    let rest = data;
    while (rest) {
      const enter = rest.indexOf('\r');
      if (enter < 0) {
        this.parser.typing(rest);
        this.target.channel.write(rest);
        return;
      }
      const before = rest.slice(0, enter);
      this.parser.typing(before, true);
      if (before) this.target.channel.write(before);
      const line = this.parser.enter();
      const verdict = line ? this.filter.check(line) : { allowed: true };
      if (!verdict.allowed) {
        // Clear the target's line and interrupt it so the command never runs; drop the rest of the chunk.
        this.target.channel.write('\x15\x03');
        const why = `Command "${line}" is forbidden: it matches the rule "${verdict.rule?.content ?? ''}" of the command filter.`;
        this.screen.write(red(why));
        this.recorder.output(red(why));
        this.parser.refused();
        this.record({ input: line, output: why, timestamp: Math.floor(Date.now() / 1000) }, 5);
        return;
      }
      this.target.channel.write('\r');
      this.parser.submitted(line);
      rest = rest.slice(enter + 1);
    }
  }

  resize(cols: number, rows: number): void {
    if (this.ending || (cols === this.screen.cols && rows === this.screen.rows)) return;
    this.screen.cols = cols;
    this.screen.rows = rows;
    this.target.resize(cols, rows);
    this.recorder.resize(cols, rows);
  }

  /** Ends the session once (later calls wait for the first). */
  end(reason: EndReason): Promise<void> {
    this.ending ??= this.finish(reason);
    return this.ending;
  }

  private fromTarget(data: Buffer): void {
    this.screen.write(data);
    this.recorder.output(data);
    const text = this.decoder.write(data);
    if (text) this.parser.output(text);
  }

  private record(command: ParsedCommand, risk: 0 | 5): void {
    this.commandCount += 1;
    this.services.commands.add({
      user: userLabel(this.origin.user), asset: this.asset.hostname, system_user: this.systemUser.name,
      input: command.input, output: command.output, session: this.id, risk_level: risk, org_id: this.asset.org_id ?? '', timestamp: command.timestamp,
    });
  }

  private touch(): void {
    const minutes = Number(this.services.config.SECURITY_MAX_IDLE_TIME) || 0;
    if (!minutes) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.end('idle'), minutes * 60_000);
    this.idleTimer.unref();
  }

  private async finish(reason: EndReason): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.services.sessions.delete(this.id);
    const message = ENDED_MESSAGES[reason];
    if (message) {
      this.screen.write(red(message));
      this.recorder.output(red(message));
    }
    this.parser.flush();
    this.target.close();
    await this.recorder.close();
    // The recording and the close go after this session's commands through the journaled outbox: a
    // server away, or this terminal killed, delays them but loses nothing. The user waits for one try only.
    const { outbox } = this.services;
    const queued = outbox.end(this.id, this.recorder.file, {
      is_finished: true, date_end: new Date().toISOString(), has_command: this.commandCount > 0,
    });
    await outbox.flush(queued);
    this.resolveEnded(reason);
  }
}

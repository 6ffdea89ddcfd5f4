// The life every recorded session shares, whatever it connects to (SSH: session.ts; SQL:
// database/database-session.ts). It opens in one order — the recording, then the target, then the session's
// row on the server — and a step that fails takes back what the earlier ones opened, so nothing is left half
// open. It keeps the idle timeout and the count of recorded commands, and ends once, however many ask: the
// kind's last words and its target closed, then the recording and the close through the outbox.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { CommandRecord } from '../delivery/command-record.ts';
import type { LineRecord } from '../line/line-gate.ts';
import { AsciicastRecorder } from '../recordings/asciicast.ts';
import type { Services } from '../services.ts';
import type { Lang } from '../texts/texts.ts';
import { userLabel, type GrantedSystemUser, type TerminalUser } from './grants.ts';
import { closeRecorded, IdleTimer, postSession } from './session-end.ts';

export interface UserScreen {
  write(data: string | Buffer): void;
  cols: number;
  rows: number;
  term?: string;
}

export interface Origin {
  user: TerminalUser;
  remoteAddr: string;
  loginFrom: 'ST' | 'WT';
  lang?: 'zh' | 'en';
}

/** What the user types for a system user in manual login mode. */
export interface ManualLogin {
  username: string;
  password: string;
}

export type EndReason = 'user' | 'target' | 'killed' | 'idle' | 'stopping' | 'tampered';

/** What a door needs of a session, SSH or SQL. */
export interface DoorSession {
  input(data: string): void;
  resize(cols: number, rows: number): void;
  end(reason: EndReason): Promise<void>;
  readonly ended: Promise<EndReason>;
}

/** What the session's row names as its target: an asset over SSH, a database application over mysql. */
export interface SessionTarget {
  name: string;
  id: string;
  org_id?: string;
  protocol: 'ssh' | 'mysql';
}

export abstract class RecordedSession implements DoorSession {
  readonly id = randomUUID();
  protected recorder!: AsciicastRecorder;
  protected readonly idle: IdleTimer;
  private ending: Promise<void> | null = null;
  private commandCount = 0;
  private resolveEnded!: (reason: EndReason) => void;
  /** Resolves with why the session ended, once its end is on its way to the server. */
  readonly ended: Promise<EndReason>;

  protected constructor(
    protected readonly services: Services,
    protected readonly origin: Origin,
    readonly systemUser: GrantedSystemUser,
    protected readonly screen: UserScreen,
    private readonly about: SessionTarget,
  ) {
    this.ended = new Promise((resolve) => {
      this.resolveEnded = resolve;
    });
    this.idle = new IdleTimer(services, () => void this.end('idle'));
  }

  abstract input(data: string): void;
  abstract resize(cols: number, rows: number): void;

  /** A message of the door, on the user's screen and in the recording. */
  protected abstract notice(message: string): void;

  /** Closes the connection `connect` opened (a failed open, or the end). */
  protected abstract disconnect(): void;

  /**
   * What this kind does at its end before the recording closes: its last output and records, its message
   * for the reason, its target closed (disconnect).
   */
  protected abstract wrapUp(reason: EndReason): void | Promise<void>;

  protected get lang(): Lang {
    return this.origin.lang ?? 'zh';
  }

  protected get isEnding(): boolean {
    return this.ending !== null;
  }

  /**
   * The recording first: a session that cannot be recorded is not opened (a full disk says so), before
   * anything is connected or posted. Then `connect`, then the session's row; whatever fails after the
   * recording takes back what was opened: the connection, the row (postSession), the file.
   */
  protected async openRecorded(connect: () => Promise<void>): Promise<void> {
    this.recorder = new AsciicastRecorder(
      join(this.services.replayDir, `${this.id}.cast`),
      this.screen.cols,
      this.screen.rows,
      {
        health: this.services.storage,
        onGap: (refusal) => {
          if (refusal) this.notice(refusal.meaning('storage.recording_gap').in(this.lang));
        },
      },
    );
    try {
      await connect();
    } catch (error) {
      this.recorder.discard();
      throw error;
    }
    try {
      await postSession(this.services, {
        id: this.id,
        user: userLabel(this.origin.user),
        asset: this.about.name,
        system_user: this.systemUser.name,
        user_id: this.origin.user.id,
        asset_id: this.about.id,
        system_user_id: this.systemUser.id,
        login_from: this.origin.loginFrom,
        remote_addr: this.origin.remoteAddr,
        protocol: this.about.protocol,
        org_id: this.about.org_id ?? '',
        date_start: new Date().toISOString(),
      });
    } catch (error) {
      this.disconnect();
      this.recorder.discard();
      throw error;
    }
    this.services.sessions.set(this.id, this);
    this.idle.touch();
  }

  /** The command log's row for one line of this session. */
  protected commandOf(line: LineRecord): CommandRecord {
    return {
      user: userLabel(this.origin.user),
      asset: this.about.name,
      system_user: this.systemUser.name,
      input: line.input,
      output: line.output,
      session: this.id,
      risk_level: line.risk,
      org_id: this.about.org_id ?? '',
      timestamp: line.timestamp,
    };
  }

  /** Sends one line to the command log (journaled: a server away delays it, loses nothing). */
  protected recordLine(line: LineRecord): void {
    this.commandCount += 1;
    this.services.commands.add(this.commandOf(line));
  }

  /** Ends the session once (later calls wait for the first). */
  end(reason: EndReason): Promise<void> {
    this.ending ??= this.finish(reason);
    return this.ending;
  }

  private async finish(reason: EndReason): Promise<void> {
    this.idle.stop();
    this.services.sessions.delete(this.id);
    await this.wrapUp(reason);
    await closeRecorded(this.services, this.id, this.recorder, this.commandCount);
    this.resolveEnded(reason);
  }
}

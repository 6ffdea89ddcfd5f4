// One recorded SQL session between a user's screen (an SSH channel or a web socket) and a database app,
// as 2.3's terminal opened them: created on the server (protocol mysql), the screen recorded as
// asciicast, every statement judged by the system user's command filter before it is sent and recorded
// with its output, and closed on the user leaving, the database dropping, a kill task, the idle timeout
// or the terminal stopping — the recording and the close through the outbox, as for SSH.
//
// The door reads the lines itself (line-editor.ts) and sends each statement alone (sql-text.ts), on a
// connection that refuses several statements in one query and never reads a local file for LOAD DATA:
// what is recorded is what ran.
import mysql, { type Connection, type FieldPacket, type ResultSetHeader } from 'mysql2';
import { resolveAllowed } from '../../shared/allowed-targets.ts';
import type { LineRecord } from '../line/line-gate.ts';
import { filterRules, type GrantedSystemUser } from '../session/grants.ts';
import {
  RecordedSession,
  type EndReason,
  type ManualLogin,
  type Origin,
  type UserScreen,
} from '../session/recorded-session.ts';
import type { Services } from '../services.ts';
import { text, type Lang, type TextKey } from '../texts/texts.ts';
import { databaseEndpoint, type DatabaseApp, type DatabaseEndpoint } from './app-grants.ts';
import { LineEditor } from './line-editor.ts';
import {
  errorLine,
  MAX_SHOWN_ROWS,
  outcomeLines,
  resultSetLines,
  type ResultSet,
  type SqlError,
} from './result-text.ts';
import { SqlFilter, type SqlVerdict } from './sql-filter.ts';
import { splitStatements, type OpenState, type Statement } from './sql-text.ts';

const CONNECT_TIMEOUT = 15_000;
const MAX_OUTPUT = 1024;
const ENDED: Partial<Record<EndReason, TextKey>> = {
  killed: 'session.killed',
  idle: 'session.idle',
  stopping: 'session.stopping',
  target: 'db.closed',
};
const CONTINUATION: Record<string, string> = {
  none: '    -> ',
  "'": "    '> ",
  '"': '    "> ',
  '`': '    `> ',
  '/*': '   /*> ',
};

const red = (words: string) => `\x1b[31m${words}\x1b[0m`;

/** A statement as the command log keeps it. */
type Entry = LineRecord;
type Part = { kind: 'rows'; set: ResultSet } | { kind: 'ok'; header: ResultSetHeader };

function connect(endpoint: DatabaseEndpoint, address: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const connection = mysql.createConnection({
      host: address,
      port: endpoint.port,
      user: endpoint.user,
      password: endpoint.password,
      database: endpoint.database,
      connectTimeout: CONNECT_TIMEOUT,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      rowsAsArray: true,
      // One statement per query (the default, said again), and no file of this machine is ever sent for
      // LOAD DATA LOCAL INFILE: the door runs statements, it does not hand out its own files.
      multipleStatements: false,
      flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
      connectAttributes: { program_name: 'bastion-terminal' },
    });
    connection.once('connect', () => resolve(connection));
    connection.once('error', reject);
  });
}

export class DatabaseSession extends RecordedSession {
  private connection!: Connection;
  private endpoint!: DatabaseEndpoint;
  private filter!: SqlFilter;
  private readonly editor: LineEditor;
  private buffer = '';
  /** What the unfinished rest is inside of (a quote, a comment): the continuation prompt says it. */
  private open: OpenState = 'none';
  /** `MariaDB` or `MySQL`, from the server's version in its greeting: the prompt's first word. */
  private flavor = 'MySQL';
  private delimiter = ';';
  private database: string | undefined;
  private running = false;
  /** The statement being sent and whether its record is made (by its answer, or by the session's end). */
  private sending: { entry: Entry; recorded: boolean; done: Promise<void> } | null = null;

  private constructor(
    services: Services,
    origin: Origin,
    readonly app: DatabaseApp,
    systemUser: GrantedSystemUser,
    screen: UserScreen,
  ) {
    super(services, origin, systemUser, screen, { name: app.name, id: app.id, org_id: app.org_id, protocol: 'mysql' });
    this.editor = new LineEditor(
      {
        write: (words) => this.show(words),
        line: (line) => void this.onLine(line),
        interrupt: () => {
          this.clearInput();
          this.prompt();
        },
        eof: () => void this.end('user'),
      },
      screen.cols,
    );
  }

  /** Connects to the database and opens the session on the server; throws (nothing recorded) when it cannot. */
  static async open(
    services: Services,
    origin: Origin,
    app: DatabaseApp,
    systemUser: GrantedSystemUser,
    screen: UserScreen,
    manual?: ManualLogin,
  ): Promise<DatabaseSession> {
    const session = new DatabaseSession(services, origin, app, systemUser, screen);
    await session.start(manual);
    return session;
  }

  private async start(manual?: ManualLogin): Promise<void> {
    const { api } = this.services;
    const [endpoint, rules] = await Promise.all([
      databaseEndpoint(api, this.origin.user, this.app, this.systemUser, manual),
      filterRules(api, this.systemUser),
    ]);
    this.endpoint = endpoint;
    this.database = endpoint.database;
    this.filter = new SqlFilter(rules);
    const address = await resolveAllowed(endpoint.host, this.services.targets);
    await this.openRecorded(async () => {
      this.connection = await connect(endpoint, address);
    });
    // A fatal error (the server gone, the connection cut) ends the session; a statement's error does not.
    this.connection.on('error', () => void this.end('target'));
    this.connection.on('end', () => void this.end('target'));
    const version =
      (this.connection as unknown as { _handshakePacket?: { serverVersion?: string } })._handshakePacket
        ?.serverVersion ?? '';
    if (/mariadb/i.test(version)) this.flavor = 'MariaDB';
    this.say([
      text(this.lang, 'db.welcome', {
        app: this.app.name,
        host: endpoint.host,
        port: endpoint.port,
        user: endpoint.user,
        version,
      }),
      text(this.lang, 'db.hint'),
      '',
    ]);
    this.prompt();
  }

  /** Keys from the user. Ctrl-C while a statement runs asks the server to stop it; other keys wait for the prompt. */
  input(data: string): void {
    if (this.isEnding) return;
    this.idle.touch();
    if (this.running && data.includes('\x03')) {
      void this.interrupt();
      data = data.replace(/\x03/g, '');
    }
    this.editor.feed(data);
  }

  resize(cols: number, rows: number): void {
    if (this.isEnding || (cols === this.screen.cols && rows === this.screen.rows)) return;
    this.screen.cols = cols;
    this.screen.rows = rows;
    this.editor.resize(cols);
    this.recorder.resize(cols, rows);
  }

  /** Written to the user's screen and to the recording. */
  private show(words: string): void {
    if (this.recorder) this.recorder.output(words);
    this.screen.write(words);
  }

  private say(lines: string[]): void {
    this.show(`${lines.join('\r\n')}\r\n`);
  }

  private prompt(): void {
    if (this.isEnding) return;
    this.editor.read(this.buffer ? CONTINUATION[this.open] : `${this.flavor} [${this.database ?? '(none)'}]> `);
  }

  private async onLine(line: string): Promise<void> {
    const command = this.buffer ? null : line.trim();
    if (command !== null) {
      if (/^(exit|quit)\s*;?$/i.test(command) || command === '\\q') return void this.end('user');
      if (/^(help|\\h|\?)\s*;?$/i.test(command)) {
        this.say(text(this.lang, 'db.help').split('\n'));
        return this.prompt();
      }
      const delimiter = /^delimiter\s+(\S+)/i.exec(command);
      if (delimiter) {
        this.delimiter = delimiter[1];
        this.say([text(this.lang, 'db.delimiter', { delimiter: this.delimiter })]);
        return this.prompt();
      }
      // `use db` needs no delimiter in MariaDB's client either; it is a statement, judged like the others.
      if (/^use\s+\S+$/i.test(command)) return this.runAll([{ text: command, vertical: false }]);
    }
    const split = splitStatements(`${this.buffer}${line}\n`, this.delimiter);
    this.buffer = split.rest;
    this.open = split.open;
    await this.runAll(split.statements);
  }

  private clearInput(): void {
    this.buffer = '';
    this.open = 'none';
  }

  /** Runs what one input ended, in order; a refusal stops the rest of that input (it may depend on it). */
  private async runAll(statements: Statement[]): Promise<void> {
    for (let index = 0; index < statements.length && !this.isEnding; index++) {
      const ran = await this.run(statements[index]);
      if (!ran) {
        const left = statements.length - index - 1;
        if (left) this.say([red(text(this.lang, 'db.skipped', { count: left }))]);
        this.clearInput();
        break;
      }
    }
    this.prompt();
  }

  /** Judges, sends and records one statement; false when the filter refused it. */
  private async run(statement: Statement): Promise<boolean> {
    const verdict = this.filter.check(statement.text);
    const timestamp = Math.floor(Date.now() / 1000);
    if (!verdict.allowed) {
      this.say([red(refusalText(this.lang, verdict, statement.text))]);
      this.record({ input: statement.text, output: '', risk: 5, timestamp });
      return false;
    }
    // Noted before it is sent: a terminal killed while it runs still reports it (inflight.ts). A note the
    // disk refuses keeps the statement from the database (fail closed); the refusal is recorded.
    const entry: Entry = { input: statement.text, output: '', risk: 0, timestamp };
    const unnoted = this.services.inflight.note(this.commandOf(entry));
    if (unnoted) {
      this.say([red(unnoted.in(this.lang))]);
      this.record({ ...entry, risk: 5 });
      return false;
    }
    let answered!: () => void;
    const sending = {
      entry,
      recorded: false,
      done: new Promise<void>((resolve) => {
        answered = resolve;
      }),
    };
    this.sending = sending;
    this.running = true;
    const started = performance.now();
    let lines: string[];
    try {
      const parts = await this.query(statement.text);
      const ms = performance.now() - started;
      lines = parts.length
        ? parts.flatMap((part) =>
            part.kind === 'rows' ? resultSetLines(part.set, ms, statement.vertical) : outcomeLines(part.header, ms),
          )
        : outcomeLines({}, ms);
      const used = /^use\s+`?([^`\s;]+)`?\s*$/i.exec(statement.text);
      if (used) {
        this.database = used[1];
        lines = ['Database changed'];
      }
    } catch (error) {
      lines = [errorLine(error as SqlError)];
    } finally {
      this.running = false;
    }
    // Sent means recorded, whatever happened to the session meanwhile (finish may have recorded it already).
    if (!sending.recorded) {
      sending.recorded = true;
      this.say([...lines, '']);
      this.record({ ...entry, output: lines.join('\n').slice(0, MAX_OUTPUT) });
    }
    this.sending = null;
    answered();
    return true;
  }

  /** The statement's answers: each result set's rows (the first MAX_SHOWN_ROWS kept, the rest counted) and OK packets. */
  private query(sql: string): Promise<Part[]> {
    return new Promise((resolve, reject) => {
      const parts: Part[] = [];
      let current: ResultSet | null = null;
      let failed = false;
      const query = this.connection.query({ sql, rowsAsArray: true });
      query.on('fields', (fields: FieldPacket[]) => {
        current = { fields, rows: [], total: 0 };
        parts.push({ kind: 'rows', set: current });
      });
      query.on('result', (row: unknown) => {
        if (Array.isArray(row) && current) {
          current.total += 1;
          if (current.rows.length < MAX_SHOWN_ROWS) current.rows.push(row);
        } else if (row && typeof row === 'object') {
          current = null;
          parts.push({ kind: 'ok', header: row as ResultSetHeader });
        }
      });
      query.on('error', (error: Error) => {
        failed = true;
        reject(error);
      });
      query.on('end', () => {
        if (!failed) resolve(parts);
      });
    });
  }

  /** Ctrl-C: MariaDB's client asks the server on a second connection to stop the running statement. */
  private async interrupt(): Promise<void> {
    const threadId = this.connection.threadId;
    if (!threadId) return;
    try {
      const side = await connect(this.endpoint, await resolveAllowed(this.endpoint.host, this.services.targets));
      side.query(`KILL QUERY ${Number(threadId)}`, () => side.end());
      this.say(['^C', text(this.lang, 'db.interrupted')]);
    } catch (error) {
      this.say([red(errorLine(error as SqlError))]);
    }
  }

  private record(entry: Entry): void {
    this.recordLine(entry);
    this.services.inflight.clear(this.id);
  }

  protected notice(message: string): void {
    this.say([red(message)]);
  }

  protected disconnect(): void {
    this.connection.destroy();
  }

  protected async wrapUp(reason: EndReason): Promise<void> {
    const message = ENDED[reason];
    if (message) this.say(['', red(text(this.lang, message))]);
    this.disconnect();
    // A statement cut off by the end answers with an error now; its record goes before the close. A
    // connection that does not answer even that gets the record without output.
    const sending = this.sending;
    if (sending) {
      await Promise.race([sending.done, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      if (!sending.recorded) {
        sending.recorded = true;
        this.record(sending.entry);
      }
    }
  }
}

function refusalText(lang: Lang, verdict: SqlVerdict, statement: string): string {
  const command = statement.length > 120 ? `${statement.slice(0, 117)}...` : statement;
  if (verdict.reason === 'dynamic') return text(lang, 'db.dynamic', { command });
  if (verdict.reason === 'too-long') return text(lang, 'db.too_long');
  return text(lang, 'db.forbidden', { command, rule: verdict.matched ?? verdict.rule?.content ?? '' });
}

// One line, one decision, one record. Keys pass to the target as they come (no lag), except the key
// that runs a line (Enter, Ctrl-J, Ctrl-O): the gate holds it until it knows the line the shell will
// run, judges exactly that line with the command filter, and only then sends the Enter — or refuses.
//
// How the line is known, from the terminal's point of view:
// - The shell tells when it reads a line: bash ≥ 5.1, zsh and readline programs turn bracketed paste on
//   (ESC[?2004h) for each line and off (ESC[?2004l) once it is accepted. From that marker the shell's
//   output is rendered by a headless terminal (ScreenLine), so the line is what the user's screen shows.
// - The keys build a model of the same line (KeyModel). When the model is sure (plain typing, pastes,
//   erasing, cursor moves) the Enter waits until the screen shows exactly that line: then every key
//   before the Enter has been processed by the shell, however fast it came (a paste with its Enter, a
//   burst). When the model is unsure (Tab, history, search, yank), the Enter waits until the screen
//   has been quiet, and the line shown is read.
// - When the two cannot be matched, every candidate (screen, model) is judged: a line that touches a
//   deny rule in any reading is refused (fail closed), and what was seen is recorded.
// Lines typed while the shell is not reading (typeahead, or a program's input) and shells without the
// markers are gated the same way, with the screen started from the last line of output. Keys readline
// runs a line with other than Enter are refused while a deny rule is in force (readline-keys.ts); a
// full-screen program's command lines are held until judged (program-keys.ts).
import { randomBytes } from 'node:crypto';
import { CommandOutput } from './command-output.ts';
import { KeyModel } from './key-model.ts';
import { KeyReader, type Key } from './keys.ts';
import { plainText } from './plain-text.ts';
import { ProgramKeys } from './program-keys.ts';
import { caretKeys, isPrefixKey, runningBinding } from './readline-keys.ts';
import { ScreenLine, type ScreenRead } from './screen-line.ts';

export interface FilterAnswer {
  allowed: boolean;
  rule?: { content?: string };
}

export interface LineRecord {
  input: string;
  output: string;
  timestamp: number;
  risk: 0 | 5;
}

export type Refusal =
  | { kind: 'rule'; line: string; rule: string } // the line matches a deny rule
  | { kind: 'unsure'; line: string } // a possible reading of the line matches a deny rule
  | { kind: 'typeahead'; line: string } // history or completion keys typed while a command runs (`line`: the keys)
  | { kind: 'binding'; line: string; key: string } // a key bound to run the line other than by Enter
  | { kind: 'unseen'; line: string } // the shell ran a line the door never saw submitted
  | { kind: 'unnoted'; line: string; why: NoteRefusal }; // the line could not be noted on disk before it runs

/** Why a line could not be noted before it runs (the terminal's storage refused it), in the user's words. */
export interface NoteRefusal {
  in(lang: 'zh' | 'en' | undefined): string;
}

export interface GateIO {
  toTarget(keys: string): void;
  check(text: string): FilterAnswer;
  /** A full-screen program's command line (program-line.ts); `shell`: the whole of it is a shell command. */
  checkProgram(text: string, shell: boolean): FilterAnswer;
  isIncomplete(text: string): boolean;
  hasDenyRules: boolean;
  /** A refusal, to tell the user (the gate has already kept the line from the shell). */
  refused(refusal: Refusal): void;
  record(record: LineRecord): void;
  /**
   * A line is let through and its record is not written yet (null: it was written). Answers why the note
   * could not be kept on disk, if it could not: such a line does not run.
   */
  inflight(record: LineRecord | null): NoteRefusal | null;
  /** The shell ran a line the door did not let through (its key bindings changed): the session must end. */
  tampered(): void;
  /** Each decision and what it saw, for diagnosis (TERMINAL_TRACE_LINES=1). */
  trace?(line: string): void;
}

/** How long the Enter waits for the screen to show a line the model is sure of. */
const MATCH_WAIT_MS = 500;
/** Quiet that counts as "the shell has drawn everything" when the model is unsure. */
const QUIET_MS = 150;
const SETTLE_MAX_MS = 1500;
/**
 * How long an unsure line's Enter waits for the shell to draw the probe typed after its keys (and then
 * to erase it): past this the line is refused. A busy machine may take this long; a refusal is the cost.
 */
const PROBE_WAIT_MS = 3000;
/**
 * After an Enter the shell reads, keys wait for its next prompt: a pasted next line typed while the
 * command runs would be echoed by the tty into that command's output, and typed at a prompt it is a line
 * the gate is sure of. A program that reads input gives no prompt: the keys go once its output has been
 * quiet for HOLD_QUIET_MS, and never later than HOLD_MAX_MS after the Enter.
 */
const HOLD_QUIET_MS = 60;
const HOLD_MAX_MS = 250;
const TAIL_KEEP = 4096;

const MARKERS = /\x1b\[\?(2004|1049|1047|47)([hl])/g;

interface Line {
  model: KeyModel;
  /** Begun while the shell was reading (its prompt marker seen), rather than from the last output line. */
  marked: boolean;
  /** Typed ahead: no prompt of the shell's is reading it (yet). Cleared when the shell's next prompt takes it. */
  ahead: boolean;
  /** The keys as typed, for the record of a line refused before it could be read. */
  keys: string;
}

interface Pending {
  record: LineRecord;
  output: CommandOutput;
  collecting: boolean;
}

const nowMs = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LineGate {
  private readonly reader = new KeyReader();
  private readonly screen: ScreenLine;
  private current: Line | null = null;
  private shellReading = false;
  private markersSeen = false;
  private fullScreen = false;
  /** The keys of a full-screen program, its command lines held until judged. */
  private readonly programKeys: ProgramKeys;
  /** A prefix key (Ctrl-X, Escape) at the end of the last keys, held until the key after it shows what it runs. */
  private prefix = '';
  /** Output since a prompt marker came in full-screen mode: the shell drawing its prompt there ends it. */
  private fullScreenProbe: string | null = null;
  /** A line the gate let through in a marked line, until the shell says it accepted it. */
  private awaitingAccept = false;
  private deciding = false;
  private queued = '';
  /** Keys held after an Enter until the shell's next prompt (AFTER_ENTER_HOLD_MS at most). */
  private held: string | null = null;
  private heldTimer: ReturnType<typeof setTimeout> | null = null;
  private tail = '';
  private carry = '';
  private continuation = '';
  private pending: Pending | null = null;
  /** Lines let through while the shell was not reading: when it runs them later, they are already recorded. */
  private typeahead: { text: string; recorded: boolean }[] = [];
  /** Ctrl-C sent while the shell reads a line: its end marker that follows runs nothing. */
  private interrupts = 0;
  /**
   * A Ctrl-C went to the shell at its prompt, and the shell has not yet left that line (the second end
   * marker a Ctrl-C at a prompt gives). bash interrupted while it completes (Tab) goes on with the old
   * line instead, and drops the next key it is sent after showing it: the screen then shows a line the
   * shell does not have. A line begun meanwhile is refused unless the shell leaves the old line in time.
   */
  private freshPending = false;
  /**
   * The last line let through was run by Ctrl-O (operate-and-get-next): bash then puts the next history line
   * at its next prompt, text no key of the user's typed, which is read from the screen like recalled history.
   */
  private preloaded = false;
  private lastKeyAt = 0;
  private lastOutputAt = 0;
  private wake: (() => void) | null = null;
  private ended = false;

  constructor(
    private readonly io: GateIO,
    cols: number,
    rows: number,
  ) {
    this.screen = new ScreenLine(cols, rows);
    this.programKeys = new ProgramKeys({
      toTarget: (keys) => io.toTarget(keys),
      hasDenyRules: io.hasDenyRules,
      checkProgram: (text, shell) => verdictOf(io.checkProgram(text, shell)),
      checkShell: (text) => verdictOf(io.check(text)),
      refused: (line, rule) => this.refusedInProgram(line, rule),
    });
  }

  // ---- keys ----

  input(data: string): void {
    if (this.ended) return;
    if (this.deciding) {
      this.queued += data;
      return;
    }
    if (this.held !== null) {
      this.held += data;
      // An interrupt is not kept waiting: the command it stops may never give a prompt back.
      if (data.includes('\x03')) this.releaseHeld();
      return;
    }
    if (this.prefix) {
      data = this.prefix + data;
      this.prefix = '';
    }
    if (this.fullScreen) return this.programKeys.input(data, this.reader.read(data));
    const keys = this.reader.read(data);
    for (const [index, key] of keys.entries()) {
      const raw = data.slice(key.start, key.end);
      if (this.io.hasDenyRules) {
        if (index === keys.length - 1 && key.end === data.length && isPrefixKey(raw)) {
          // Readline waits for the key after it; so does the door, to know what the two run.
          if (key.start > 0) this.io.toTarget(data.slice(0, key.start));
          this.prefix = raw;
          return;
        }
        const next = keys[index + 1];
        const binding = runningBinding(raw, next ? data.slice(next.start, next.end) : '');
        if (binding) {
          if (key.start > 0) this.io.toTarget(data.slice(0, key.start));
          const end = binding.taken ? next.start + binding.taken : key.end;
          this.queued = data.slice(end);
          void this.refuseBinding(binding.name, data.slice(key.start, end));
          return;
        }
      }
      if (key.kind === 'accept') {
        // The keys before it go now; the Enter and what follows wait for the decision.
        if (key.start > 0) this.io.toTarget(data.slice(0, key.start));
        this.queued = data.slice(key.end);
        void this.decide(raw);
        return;
      }
      this.type(key, raw);
    }
    this.io.toTarget(data);
  }

  /** A full-screen program's command line was kept from it (program-keys.ts): told and recorded. */
  private refusedInProgram(line: string, rule: string | null): void {
    this.io.refused(rule === null ? { kind: 'unsure', line } : { kind: 'rule', line, rule });
    this.endPending(false);
    for (const part of splitInput(line))
      this.io.record({ input: part, output: '', timestamp: Math.floor(Date.now() / 1000), risk: 5 });
  }

  private type(key: Key, raw: string): void {
    const line = this.lineFor();
    line.model.apply(key);
    line.keys += raw;
    this.lastKeyAt = nowMs();
    if (key.kind === 'interrupt' && line.marked) {
      // Ctrl-C abandons the line (the shell's next "accepted" marker runs nothing); what follows is
      // typed ahead of the shell's next prompt.
      this.current = null;
      this.interrupts += 1;
      this.freshPending = true;
    }
  }

  /** The line keys go to; a new one begins at the first key after output. */
  private lineFor(): Line {
    if (this.current) return this.current;
    const marked = this.shellReading;
    if (!marked) {
      // No prompt marker: the line begins on the last line of output (a prompt, or whatever was shown).
      const lastBreak = this.tail.lastIndexOf('\n');
      this.screen.begin(lastBreak >= 0 ? this.tail.slice(lastBreak + 1) : this.tail);
      // Without markers the user's next line is what ends a command's output; with them, keys typed
      // now go to the running command (a password, an answer) and its output goes on to the prompt.
      if (!this.markersSeen) this.endPending(true);
    }
    // Typed while the shell has yet to show its next prompt (after an Enter it has not acknowledged, or
    // a Ctrl-C): the line will begin after that prompt, not where the cursor is now.
    const ahead = !marked || this.awaitingAccept || this.interrupts > 0;
    this.screen.markLineStart(marked && ahead);
    this.current = { model: new KeyModel(), marked, ahead, keys: '' };
    this.io.trace?.(`line begins marked=${marked} awaiting=${this.awaitingAccept} interrupts=${this.interrupts}`);
    return this.current;
  }

  // ---- the decision at Enter ----

  private async decide(acceptKey: string): Promise<void> {
    this.deciding = true;
    const line = this.lineFor();
    try {
      const refusal = await this.judge(line);
      if (this.ended) return;
      if (refusal) {
        this.refuse(line, refusal);
        this.queued = ''; // what was typed after a refused line is dropped with it
      } else {
        this.io.toTarget(acceptKey);
        this.preloaded = acceptKey === '\x0f' && this.awaitingAccept;
        if (this.awaitingAccept) this.holdUntilPrompt();
      }
    } finally {
      this.deciding = false;
      const rest = this.queued;
      this.queued = '';
      if (rest && !this.ended) this.input(rest);
    }
  }

  private holdUntilPrompt(): void {
    this.held = '';
    const since = nowMs();
    const check = (): void => {
      const now = nowMs();
      const quietFor = now - Math.max(since, this.lastOutputAt);
      if (quietFor >= HOLD_QUIET_MS || now - since >= HOLD_MAX_MS) return this.releaseHeld();
      this.heldTimer = setTimeout(check, Math.min(HOLD_QUIET_MS - quietFor, HOLD_MAX_MS - (now - since)) + 1);
    };
    this.heldTimer = setTimeout(check, HOLD_QUIET_MS + 1);
  }

  private releaseHeld(): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    const keys = this.held;
    this.held = null;
    if (keys && !this.ended) this.input(keys);
  }

  /** The refusal, if any; on success the line is recorded and the Enter may go. */
  private async judge(line: Line): Promise<Refusal | null> {
    const { model } = line;
    if (line.marked && this.freshPending && this.io.hasDenyRules) {
      const deadline = nowMs() + PROBE_WAIT_MS;
      while (this.freshPending && !this.ended && nowMs() < deadline) await sleep(10);
      this.io.trace?.(`after an interrupt: fresh line ${!this.freshPending}`);
      if (this.ended) return null;
      if (this.freshPending) return { kind: 'unsure', line: (model.text || caretKeys(line.keys)).trim() };
    }
    let seen: ScreenRead;
    let exact = false;
    if (model.certain) {
      seen = await this.waitForScreen((shown) => shown.found && shown.text === model.text.trimEnd(), line);
      exact = seen.found && seen.text === model.text.trimEnd();
    } else {
      seen = await this.waitForQuiet();
      // Typed ahead with history or completion keys, and no prompt has taken it: what they recall cannot
      // be seen until the shell reads it, which would be after its Enter. The keys are the record.
      if (line.ahead && this.markersSeen && this.io.hasDenyRules)
        return { kind: 'typeahead', line: caretKeys(line.keys).trim() };
    }
    // The screen's line first when it was located, the keys' line next, an unlocated screen line last.
    const candidates = exact
      ? [model.text]
      : [...new Set(seen.found ? [seen.text, model.text] : [model.text, seen.text])];
    this.io.trace?.(
      `decide marked=${line.marked} certain=${model.certain} exact=${exact} model=${JSON.stringify(model.text)} screen=${JSON.stringify(seen)}`,
    );
    for (const candidate of candidates) {
      const verdict = this.io.check(this.joined(candidate));
      if (verdict.allowed) continue;
      // Refused for the line the screen shows, or for a reading of it that cannot be ruled out.
      return exact || (seen.found && candidate === seen.text)
        ? { kind: 'rule', line: candidate.trim(), rule: verdict.rule?.content ?? '' }
        : { kind: 'unsure', line: candidate.trim() };
    }
    // Allowed. A line the screen never showed (a password to a program) is not a command.
    let input = exact ? model.text : seen.found ? seen.text : model.text;
    if (!model.certain && line.marked && this.shellReading && this.io.hasDenyRules) {
      // Quiet is not proof that the shell has taken the keys before the Enter: a busy machine, or a slow
      // completion, keeps them unread, and a key still to come (history, search) may change the line
      // after this read. The probe proves it, and reads the line the Enter would run.
      const probed = await this.probe(line);
      if (this.ended) return null;
      if (probed === null)
        return {
          kind: 'unsure',
          line: (seen.found && seen.text.trim() ? seen.text : model.text || caretKeys(line.keys)).trim(),
        };
      if (probed.refusal) return probed.refusal;
      input = probed.text;
    }
    const shownOrShell = this.shellReading || (seen.found && seen.text !== '');
    return this.accepted(input, shownOrShell);
  }

  /**
   * Makes sure an unsure line is read after the shell took every key before its Enter: End (it also ends
   * a history search, keeping the line found, as the Enter would), then a bracketed paste of a random
   * probe at the line's end. The shell takes keys in order, so once the screen shows the line ending with
   * the probe, nothing typed before it is pending: the line before the probe is the line, and it is
   * judged. Allowed, the probe is erased and the screen must show the line without it (every Backspace
   * taken) before the Enter goes. A probe not seen in time (the shell is busy, or a prompt of its own —
   * a completion query, a pager — took the keys) refuses the line: null. `refusal`: the line read is denied.
   */
  private async probe(line: Line): Promise<{ text: string; refusal?: Refusal } | null> {
    const nonce = `#${randomBytes(4).toString('hex')}`;
    this.io.toTarget(`\x05\x1b[200~${nonce}\x1b[201~`);
    this.lastKeyAt = nowMs();
    const shown = await this.waitForScreen((read) => read.found && read.text.endsWith(nonce), line, PROBE_WAIT_MS);
    this.io.trace?.(`probe ${nonce} screen=${JSON.stringify(shown)}`);
    if (this.ended || !shown.found || !shown.text.endsWith(nonce)) return null;
    const text = shown.text.slice(0, -nonce.length);
    const verdict = this.io.check(this.joined(text));
    if (!verdict.allowed)
      return { text, refusal: { kind: 'rule', line: text.trim(), rule: verdict.rule?.content ?? '' } };
    this.io.toTarget('\x7f'.repeat(nonce.length));
    this.lastKeyAt = nowMs();
    const erased = await this.waitForScreen((read) => read.found && read.text === text.trimEnd(), line, PROBE_WAIT_MS);
    this.io.trace?.(`probe erased screen=${JSON.stringify(erased)}`);
    if (this.ended || !erased.found || erased.text !== text.trimEnd()) return null;
    return { text };
  }

  private joined(line: string): string {
    return this.continuation ? `${this.continuation}\n${line}` : line;
  }

  /** The line goes: noted and recorded first (a line that cannot be noted is refused, not run). */
  private accepted(input: string, recordIt: boolean): Refusal | null {
    if (recordIt && input.trim()) {
      const why = this.startRecord(input, 0, this.shellReading, true);
      if (why) return { kind: 'unnoted', line: input.trim(), why };
    }
    const text = this.joined(input);
    this.continuation = this.io.isIncomplete(text) ? text : '';
    this.current = null;
    // Whether the shell is reading decides, not how the line began: keys typed ahead may be read by a
    // program (a password) or by the shell at its next prompt.
    if (this.shellReading) this.awaitingAccept = true;
    else this.typeahead = [...this.typeahead.slice(-20), { text: input.trim(), recorded: recordIt }];
    return null;
  }

  private refuse(line: Line, refusal: Refusal): void {
    this.current = null;
    this.continuation = '';
    // End, then kill back to the start: the whole line, in readline and in a terminal's own line editing.
    // At a shell prompt Ctrl-C then gives a fresh prompt; a program reading typeahead is not interrupted.
    const atPrompt = line.marked && this.shellReading;
    this.io.toTarget(atPrompt ? '\x05\x15\x03' : '\x05\x15');
    if (atPrompt) {
      this.interrupts += 1;
      this.freshPending = true;
    }
    this.io.refused(refusal);
    if (refusal.kind !== 'unseen') {
      this.endPending(false);
      for (const part of splitInput(refusal.line)) {
        this.io.record({ input: part, output: '', timestamp: Math.floor(Date.now() / 1000), risk: 5 });
      }
    }
  }

  /**
   * A key that runs the line other than by Enter (readline-keys.ts), with a deny rule in force: the line
   * it would run is read from the screen as at an Enter, and refused with the key named.
   */
  private async refuseBinding(name: string, keys: string): Promise<void> {
    this.deciding = true;
    const line = this.lineFor();
    try {
      const seen = await this.waitForQuiet();
      if (this.ended) return;
      const text = (seen.found && seen.text.trim() ? seen.text : line.model.text).trim();
      this.refuse(line, { kind: 'binding', line: this.joined(text || caretKeys(keys)).trim(), key: name });
      this.queued = '';
    } finally {
      this.deciding = false;
      const rest = this.queued;
      this.queued = '';
      if (rest && !this.ended) this.input(rest);
    }
  }

  /** Waits until `done` holds for the screen (re-read after each output), at most `ms`. */
  private async waitForScreen(
    done: (shown: ScreenRead) => boolean,
    line: Line,
    ms = MATCH_WAIT_MS,
  ): Promise<ScreenRead> {
    const deadline = nowMs() + ms;
    for (;;) {
      const shown = await this.screen.readSettled();
      if (done(shown) || this.ended) return shown;
      // The shell is not reading, nothing came back since the last key and all is quiet: the keys are
      // not echoed (a program's password prompt), so there is no line to see. A shell reading its line
      // always echoes: its slow echo is waited for.
      const silent = this.lastOutputAt < this.lastKeyAt;
      if (!(line.marked && this.shellReading) && silent && nowMs() - this.lastKeyAt >= QUIET_MS) return shown;
      const left = deadline - nowMs();
      if (left <= 0) return shown;
      await this.nextOutput(Math.min(left, QUIET_MS));
    }
  }

  /** Waits until neither keys nor output moved for QUIET_MS (at most SETTLE_MAX_MS), then reads. */
  private async waitForQuiet(): Promise<ScreenRead> {
    const deadline = nowMs() + SETTLE_MAX_MS;
    for (;;) {
      const quietFor = nowMs() - Math.max(this.lastKeyAt, this.lastOutputAt);
      if (quietFor >= QUIET_MS || nowMs() >= deadline || this.ended) return this.screen.readSettled();
      await sleep(Math.min(QUIET_MS - quietFor, deadline - nowMs()) + 1);
    }
  }

  private nextOutput(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  // ---- output ----

  output(text: string): void {
    if (this.ended) return;
    this.lastOutputAt = nowMs();
    // Most output has no private mode change at all: one native search, no copy.
    if (!this.carry && !text.includes('\x1b[?')) {
      this.segment(text);
    } else {
      // A marker split over two chunks is found in the carried end of the last one.
      const scan = this.carry + text;
      let from = 0;
      MARKERS.lastIndex = 0;
      for (let match = MARKERS.exec(scan); match; match = MARKERS.exec(scan)) {
        const end = match.index + match[0].length;
        if (end <= this.carry.length) continue; // seen with the last chunk
        this.segment(text.slice(from, Math.max(0, end - this.carry.length)));
        from = Math.max(0, end - this.carry.length);
        this.marker(match[1], match[2] === 'h');
      }
      this.segment(text.slice(from));
    }
    const lastEscape = text.lastIndexOf('\x1b', text.length - 1);
    this.carry = lastEscape >= 0 && lastEscape > text.length - 12 ? text.slice(lastEscape) : '';
    this.tail = text.length >= TAIL_KEEP ? text.slice(-TAIL_KEEP) : (this.tail + text).slice(-TAIL_KEEP);
    this.wake?.();
  }

  private segment(text: string): void {
    if (!text) return;
    if (this.fullScreenProbe !== null) this.probeFullScreen(text);
    // The screen is drawn only while a line is read or typed: a command's bulk output costs it nothing.
    if (!this.fullScreen && (this.shellReading || this.current || this.deciding)) this.screen.write(text);
    if (this.pending?.collecting) {
      this.pending.output.add(text);
      if (this.pending.output.full) this.endPending(false);
    }
  }

  /**
   * A line editor's marker in full-screen mode: vim's own, or the shell's prompt after a command printed
   * the alternate-screen switch (`printf '\e[?1049h'`) to make the door stop reading lines. The shell then
   * draws the prompt it drew before: full-screen mode ends, and the line is gated as any other.
   */
  private probeFullScreen(text: string): void {
    this.fullScreenProbe = (this.fullScreenProbe + text).slice(-1024);
    const prompt = this.screen.knownPrompt.trimEnd();
    if (!prompt || !plainText(this.fullScreenProbe).trimEnd().endsWith(prompt)) return;
    this.fullScreen = false;
    this.programKeys.reset();
    this.screen.write(this.fullScreenProbe);
    this.fullScreenProbe = null;
    this.current = null;
  }

  private marker(mode: string, on: boolean): void {
    this.io.trace?.(
      `marker ${mode} ${on ? 'on' : 'off'} current=${this.current ? JSON.stringify(this.current.model.text) : 'none'} awaiting=${this.awaitingAccept}`,
    );
    if (mode !== '2004') {
      this.fullScreen = on;
      this.fullScreenProbe = null;
      this.programKeys.reset();
      if (on) this.current = null;
      return;
    }
    this.markersSeen = true;
    this.fullScreenProbe = on && this.fullScreen ? '' : null;
    if (on) {
      this.shellReading = true;
      this.endPending(true);
      this.screen.begin();
      // Held keys go once this output (the prompt it draws) has been taken in.
      if (this.held !== null) setImmediate(() => this.releaseHeld());
      if (this.current) {
        // Keys typed ahead of this prompt: the shell reads them now, the model can only guess which.
        this.current = { ...this.current, marked: true, ahead: false };
        this.current.model.certain = false;
        this.screen.markLineStart(true);
      } else if (this.preloaded) {
        // The line begins before the prompt is drawn, so the history line drawn after it is part of it.
        const model = new KeyModel();
        model.certain = false;
        this.current = { model, marked: true, ahead: false, keys: '' };
        this.screen.markLineStart(true);
      }
      this.preloaded = false;
      return;
    }
    this.shellReading = false;
    if (this.awaitingAccept) {
      this.awaitingAccept = false;
      if (this.pending) this.pending.collecting = true;
      return;
    }
    if (this.interrupts > 0) {
      this.interrupts -= 1;
      return;
    }
    if (this.freshPending) {
      // The line a Ctrl-C abandoned: it runs nothing, and the shell starts a fresh one.
      this.freshPending = false;
      return;
    }
    // The shell accepted a line the gate did not let through: typeahead it already judged, an empty
    // line, or a line run by a key the door does not know runs lines (a changed key binding).
    const typed = this.current?.marked ? this.current : null;
    void this.screen.readAccepted().then((shown) => this.shellRanUnseen(shown, typed));
  }

  private shellRanUnseen(shown: ScreenRead, typed: Line | null): void {
    const text = shown.text.trim();
    if (!text || this.ended) return;
    if (!typed?.model.typed) {
      // Typeahead: a line the gate let through while the shell was not reading, run now.
      const index = this.typeahead.findIndex((entry) => entry.text === text);
      const known = index >= 0 ? this.typeahead.splice(index, 1)[0] : null;
      if (known?.recorded) return;
      if (known || this.io.check(this.joined(text)).allowed) {
        this.startRecord(text, 0, true);
        if (this.pending) this.pending.collecting = true;
        return;
      }
    }
    // The shell ran a line the door never saw submitted: a key bound to run lines that the door does not
    // know. It is written down as dangerous, and with deny rules in force the session cannot go on.
    if (this.current === typed) this.current = null;
    this.startRecord(text, 5, true);
    if (this.pending) this.pending.collecting = true;
    if (this.io.hasDenyRules) {
      this.io.refused({ kind: 'unseen', line: text });
      this.io.tampered();
    }
  }

  resize(cols: number, rows: number): void {
    this.screen.resize(cols, rows);
  }

  // ---- records ----

  /**
   * Starts the record of a line. `beforeRun`: the line has not run yet, and must not unless its note is
   * on disk: answers why not (nothing recorded then; the refusal records it). A line that already ran
   * (the shell ran it unseen) is recorded whether or not its note could be kept.
   */
  private startRecord(input: string, risk: 0 | 5, marked: boolean, beforeRun = false): NoteRefusal | null {
    this.endPending(false);
    const timestamp = Math.floor(Date.now() / 1000);
    const parts = splitInput(input);
    const last = parts[parts.length - 1];
    if (last === undefined) return null;
    const record = { input: last, output: '', timestamp, risk };
    const unnoted = this.io.inflight(record);
    if (unnoted && beforeRun) return unnoted;
    // A line with several rows (a pasted script) is one row each; the output belongs to the last.
    for (const part of parts.slice(0, -1)) this.io.record({ input: part, output: '', timestamp, risk });
    this.pending = { record, output: new CommandOutput(!marked), collecting: !marked };
    return null;
  }

  private endPending(promptFollows: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.io.record({ ...pending.record, output: pending.output.text(promptFollows) });
    this.io.inflight(null);
  }

  /** The session ends: the last command is written with the output seen so far. */
  finish(): void {
    this.endPending(false);
    this.ended = true;
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.wake?.();
    this.screen.dispose();
  }
}

const verdictOf = (answer: FilterAnswer) => ({ allowed: answer.allowed, rule: answer.rule?.content });

/**
 * The rows of a line as the command log keeps them: one per line of it. A line longer than the log's
 * field is split into consecutive rows where it is sent (command-record.ts): every character is kept.
 */
function splitInput(input: string): string[] {
  return input
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean);
}

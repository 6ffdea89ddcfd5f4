// Keys typed in a full-screen program (the terminal's alternate screen: vim, vi, view, less, man, nano).
// They go to the program as they come, but for the keys of a command line the program opens: `:` (vim's
// ex line), `!` and `|` (shell escape and pipe: less, man, vim's filter), Ctrl-T (nano's Execute),
// Ctrl-R then Ctrl-X (nano's Insert File → Execute) or `=` (vim's expression register). From such a key
// the door holds what is typed until the key that ends the line — Enter, Escape or Ctrl-C, which a
// program may have rebound, so each is a decision — judges the line whole, and then sends it with that
// key, or drops it all. A refused line thus never reaches the program: nothing is left in its command
// line or its history for a later Enter to run. Keys that recall or complete (history, Tab, a register)
// make the held line unreadable: refused while a deny rule is in force.
// The door cannot tell an editor's insert mode from its normal mode, so text typed after a `:` in a file
// is held the same way (shown at its Enter or Escape). Outside a held line, an Enter whose keys since the
// last one spell a denied shell line (a program the door does not know) is dropped, and Ctrl-C — the
// cancel key of nearly every command line — is sent in its place.
import { KeyModel } from './key-model.ts';
import type { Key } from './keys.ts';

export interface ProgramVerdict {
  allowed: boolean;
  rule?: string;
}

export interface ProgramKeysIO {
  toTarget(keys: string): void;
  hasDenyRules: boolean;
  /** A program's command line; `shell`: the whole of it is a shell command (nano's Execute). */
  checkProgram(text: string, shell: boolean): ProgramVerdict;
  /** Keys since the last Enter, read as a shell line. */
  checkShell(text: string): ProgramVerdict;
  /** A line was kept from the program: `certain` false when keys the door cannot follow were typed in it. */
  refused(line: string, rule: string | null): void;
}

interface Held {
  raw: string;
  model: KeyModel;
  shell: boolean;
  printable: boolean;
  /** Past MAX_LINE: not judged (the filter refuses what it cannot parse in time), its bytes not kept. */
  tooLong?: string;
}

const STARTERS = /[:!|]/;
/** A command line (or keys between two Enters) longer than this is not judged: with a deny rule it is refused. */
const MAX_LINE = 64 * 1024;
const CTRL_R = '\x12',
  CTRL_T = '\x14',
  CTRL_X = '\x18',
  ESC = '\x1b',
  FOCUS_IN = '\x1b[I',
  FOCUS_OUT = '\x1b[O';
const PASTE_MARKERS = /\x1b\[20[01]~/g;
const typed = (text: string): Key => ({ kind: 'text', text, start: 0, end: text.length });
const pasted = (text: string): Key => ({ kind: 'paste', text, start: 0, end: text.length });

export class ProgramKeys {
  private held: Held | null = null;
  /** Keys since the last Enter outside a held line, read as a shell line at the next Enter. */
  private readonly loose = new KeyModel();
  private looseTooLong = false;
  private afterCtrlR = false;
  private out = '';

  constructor(private readonly io: ProgramKeysIO) {}

  /** The program is gone (or came): what was held for it is dropped, never sent anywhere else. */
  reset(): void {
    this.held = null;
    this.loose.reset();
    this.looseTooLong = false;
    this.afterCtrlR = false;
  }

  input(data: string, keys: Key[]): void {
    if (!this.io.hasDenyRules) return this.io.toTarget(data);
    let from = 0;
    for (const key of keys) {
      // Bytes no key covers (a paste's start marker) go with the key after them.
      this.send(data.slice(from, key.start));
      from = key.end;
      this.key(key, data.slice(key.start, key.end));
    }
    this.send(data.slice(from));
    this.bound();
    const out = this.out;
    this.out = '';
    if (out) this.io.toTarget(out);
  }

  private send(raw: string): void {
    if (!raw) return;
    if (this.held) this.held.raw += raw;
    else this.out += raw;
  }

  private key(key: Key, raw: string): void {
    const afterCtrlR = this.afterCtrlR;
    this.afterCtrlR = raw === CTRL_R;
    if (key.kind === 'text' || key.kind === 'paste')
      return this.text(key.text ?? '', raw, key.kind === 'paste', afterCtrlR);
    // Alt-key as a terminal sends it, or Escape and a key typed fast: to a program, Escape then that key.
    if (
      key.kind === 'other' &&
      raw.length === 2 &&
      raw[0] === ESC &&
      raw[1] >= ' ' &&
      raw[1] !== '[' &&
      raw[1] !== 'O'
    ) {
      this.end(ESC, 'cancel');
      return this.text(raw[1], raw[1], false, false);
    }
    if (raw === ESC || key.kind === 'interrupt') return this.end(raw, 'cancel');
    // Focus reports (a program that asked for them): the terminal's, not keys of the line.
    if (raw === FOCUS_IN || raw === FOCUS_OUT) return this.send(raw);
    // Enter, Ctrl-J and the keypad's Enter; Ctrl-O is not an Enter to these programs (nano saves with it).
    if (key.kind === 'accept' && raw !== '\x0f') return this.end(raw, 'enter');
    if (!this.held && (raw === CTRL_T || (raw === CTRL_X && afterCtrlR))) {
      this.held = { raw, model: new KeyModel(), shell: true, printable: false };
      return;
    }
    const model = this.held?.model ?? this.loose;
    model.apply(key.kind === 'accept' ? { ...key, kind: 'other' } : key);
    this.send(raw);
    // Erased back to nothing, starter included: the program has left its command line (vim, less).
    if (this.held?.printable && !this.held.model.text && (key.kind === 'erase' || key.kind === 'kill-back'))
      this.release();
  }

  /**
   * Typed or pasted text: a starter begins a held line. A paste is kept whole (its bytes are its markers
   * and its text, which may span chunks): once it touches a held line all of it is held, and a line break
   * at its very end is the line's Enter; one inside it is judged with the rest at the line's end.
   */
  private text(text: string, raw: string, paste: boolean, afterCtrlR: boolean): void {
    const starter = this.held ? -1 : afterCtrlR && text[0] === '=' ? 0 : text.search(STARTERS);
    if (paste) {
      if (!this.held && starter < 0) {
        this.loose.apply(pasted(text));
        return this.send(raw);
      }
      if (starter > 0) this.loose.apply(pasted(text.slice(0, starter)));
      this.held ??= { raw: '', model: new KeyModel(), shell: false, printable: true };
      this.held.model.apply(pasted(starter > 0 ? text.slice(starter) : text));
      this.held.raw += raw;
      if (/[\r\n]$/.test(text)) this.end('', 'enter');
      return;
    }
    // Typed text is its bytes.
    if (starter < 0) {
      (this.held?.model ?? this.loose).apply(typed(text));
      return this.send(text);
    }
    if (starter > 0) {
      this.loose.apply(typed(text.slice(0, starter)));
      this.send(text.slice(0, starter));
    }
    this.held = { raw: text.slice(starter), model: new KeyModel(), shell: false, printable: true };
    this.held.model.apply(typed(text.slice(starter)));
  }

  /** A key that ends a line: a held line is judged with it; outside one, an Enter judges the keys since the last. */
  private end(raw: string, how: 'enter' | 'cancel'): void {
    const held = this.held;
    if (held) {
      this.held = null;
      this.loose.reset();
      const line = (held.tooLong ?? held.model.text).trim();
      const verdict =
        held.tooLong === undefined && held.model.certain ? this.io.checkProgram(line, held.shell) : { allowed: false };
      if (verdict.allowed) {
        this.out += held.raw + raw;
        return;
      }
      this.drop(held.raw + raw);
      this.io.refused(line, verdict.rule ?? null);
      return;
    }
    const typed = this.loose.text.trim();
    const tooLong = this.looseTooLong;
    this.loose.reset();
    this.looseTooLong = false;
    if (how === 'cancel' || (!typed && !tooLong)) return this.send(raw);
    const verdict = tooLong ? { allowed: false } : this.io.checkShell(typed);
    if (verdict.allowed) return this.send(raw);
    // The program has these keys already: the Enter is dropped and its command line cancelled.
    this.drop(raw);
    this.out += '\x03';
    this.io.refused(typed, null);
  }

  /** Keeps what is held, and the keys between two Enters, within MAX_LINE (a pasted file, say). */
  private bound(): void {
    if (this.loose.text.length > MAX_LINE) {
      this.loose.reset();
      this.looseTooLong = true;
    }
    const held = this.held;
    if (held && held.tooLong === undefined && held.raw.length > MAX_LINE)
      held.tooLong = held.model.text.slice(0, MAX_LINE);
    if (held?.tooLong !== undefined) {
      // Only the markers are kept (a refused line's bytes are dropped), and nothing more of its text.
      held.raw = (held.raw.match(PASTE_MARKERS) ?? []).join('');
      held.model.reset();
    }
  }

  /** Sends what the program must get back from dropped keys: the paste markers, so a paste it began also ends. */
  private drop(raw: string): void {
    for (const marker of raw.match(PASTE_MARKERS) ?? []) this.out += marker;
  }

  private release(): void {
    const held = this.held!;
    this.held = null;
    this.out += held.raw;
  }
}

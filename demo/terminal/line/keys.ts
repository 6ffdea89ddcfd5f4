// The user's keys as a line editor takes them: one token per key, escape sequences whole, and a
// bracketed paste (`ESC[200~ … ESC[201~`, which the user's terminal sends once the shell asked for it)
// as text that is inserted, never run (its Enters are not keys). A paste may span chunks, so the reader
// remembers being inside one; any other sequence cut by a chunk's end reads as unknown keys (the model
// then stops trusting itself).
// Each key carries its offsets in the chunk (`start`, `end`), so the gate can cut the chunk around it.

export type KeyKind =
  | 'text' // printable characters, inserted at the cursor
  | 'paste' // bracketed paste: its text is inserted literally, line breaks included
  | 'accept' // Enter (CR), Ctrl-J (LF), Ctrl-O (operate-and-get-next), keypad Enter: the line is run
  | 'erase' // Backspace / Ctrl-H: the character before the cursor
  | 'delete' // Delete (ESC[3~)
  | 'kill-back' // Ctrl-U: from the start of the line to the cursor
  | 'kill-forward' // Ctrl-K: from the cursor to the end
  | 'home'
  | 'end'
  | 'left'
  | 'right'
  | 'interrupt' // Ctrl-C: the line is abandoned
  | 'eof' // Ctrl-D: deletes under the cursor, or ends the shell on an empty line
  | 'redraw' // Ctrl-L: the screen is cleared, the line kept
  | 'other'; // what the door does not model: Tab, history, search, yank, Alt-keys, vi mode...

export interface Key {
  kind: KeyKind;
  text?: string;
  start: number;
  end: number;
}

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

const CONTROL: Record<string, KeyKind> = {
  '\r': 'accept',
  '\n': 'accept',
  '\x0f': 'accept',
  '\x7f': 'erase',
  '\b': 'erase',
  '\x15': 'kill-back',
  '\x0b': 'kill-forward',
  '\x01': 'home',
  '\x05': 'end',
  '\x02': 'left',
  '\x06': 'right',
  '\x03': 'interrupt',
  '\x04': 'eof',
  '\x0c': 'redraw',
};

const SEQUENCES: Record<string, KeyKind> = {
  '\x1b[D': 'left',
  '\x1bOD': 'left',
  '\x1b[C': 'right',
  '\x1bOC': 'right',
  '\x1b[H': 'home',
  '\x1bOH': 'home',
  '\x1b[1~': 'home',
  '\x1b[7~': 'home',
  '\x1b[F': 'end',
  '\x1bOF': 'end',
  '\x1b[4~': 'end',
  '\x1b[8~': 'end',
  '\x1b[3~': 'delete',
  // The keypad's Enter in application keypad mode.
  '\x1bOM': 'accept',
};

/** The escape sequence at `at`: CSI, SS3, or ESC and one character (Alt); a lone ESC is one key. */
function escapeAt(text: string, at: number): string {
  if (text[at + 1] === '[') {
    const match = /^\x1b\[[0-?]*[ -/]*[@-~]/.exec(text.slice(at, at + 64));
    if (match) return match[0];
  } else if (text[at + 1] === 'O' && at + 2 < text.length) {
    return text.slice(at, at + 3);
  } else if (at + 1 < text.length && text[at + 1] !== '\x1b') {
    return text.slice(at, at + 2);
  }
  return '\x1b';
}

export class KeyReader {
  /** Inside a bracketed paste: its end marker has not arrived yet. */
  private inPaste = false;
  /** The start of a possible end marker, cut by the last chunk's end. */
  private pasteCarry = '';

  read(chunk: string): Key[] {
    const keys: Key[] = [];
    let i = 0;
    let plainFrom = -1;
    const flushPlain = (to: number) => {
      if (plainFrom >= 0) keys.push({ kind: 'text', text: chunk.slice(plainFrom, to), start: plainFrom, end: to });
      plainFrom = -1;
    };
    while (i < chunk.length) {
      if (this.inPaste) {
        // Each chunk's part of a paste is its own key: a long paste is applied as it arrives.
        const text = this.pasteCarry + chunk.slice(i);
        const carried = this.pasteCarry.length;
        this.pasteCarry = '';
        const end = text.indexOf(PASTE_END);
        if (end < 0) {
          const keep = partialSuffix(text, PASTE_END);
          if (text.length > keep)
            keys.push({ kind: 'paste', text: text.slice(0, text.length - keep), start: i, end: chunk.length });
          this.pasteCarry = text.slice(text.length - keep);
          return keys;
        }
        if (end > 0)
          keys.push({ kind: 'paste', text: text.slice(0, end), start: i, end: i + end + PASTE_END.length - carried });
        this.inPaste = false;
        i += end + PASTE_END.length - carried;
        continue;
      }
      const ch = chunk[i];
      if (ch === '\x1b') {
        flushPlain(i);
        if (chunk.startsWith(PASTE_START, i)) {
          this.inPaste = true;
          i += PASTE_START.length;
          continue;
        }
        const sequence = escapeAt(chunk, i);
        keys.push({ kind: SEQUENCES[sequence] ?? 'other', start: i, end: i + sequence.length });
        i += sequence.length;
        continue;
      }
      if (ch < ' ' || ch === '\x7f') {
        flushPlain(i);
        keys.push({ kind: CONTROL[ch] ?? 'other', start: i, end: i + 1 });
        i += 1;
        continue;
      }
      if (plainFrom < 0) plainFrom = i;
      i += 1;
    }
    flushPlain(i);
    return keys;
  }
}

/** How many characters at the end of `text` could begin `marker`. */
function partialSuffix(text: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, text.length); n > 0; n -= 1) {
    if (marker.startsWith(text.slice(-n))) return n;
  }
  return 0;
}

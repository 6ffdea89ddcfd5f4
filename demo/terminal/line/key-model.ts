// The line the keys build, as readline-like editors (bash, zsh, python's REPL) and a terminal's own
// line editing build it for the keys they agree on: insert, erase, delete, kill to either end, cursor
// moves, paste. Any other key (Tab, history, search, yank, Alt-keys, Ctrl-W whose word rules differ)
// makes the model unsure: it keeps its best guess, and the gate then trusts only what the screen shows.
import type { Key } from './keys.ts';

export class KeyModel {
  private chars: string[] = [];
  private cursor = 0;
  /** False once a key the model cannot follow was typed on this line. */
  certain = true;
  /** Keys were typed on this line (an untouched prompt has none). */
  typed = false;

  reset(certain = true): void {
    this.chars = [];
    this.cursor = 0;
    this.certain = certain;
    this.typed = false;
  }

  get text(): string {
    return this.chars.join('');
  }

  /** Applies one key that is not an accept key. */
  apply(key: Key): void {
    this.typed = true;
    const before = this.chars.slice(0, this.cursor);
    const after = this.chars.slice(this.cursor);
    switch (key.kind) {
      case 'text':
      case 'paste': {
        // A pasted line break is part of the line (the shell runs the lines together on Enter).
        const inserted = [...(key.text ?? '').replace(/\r\n?/g, '\n')];
        this.chars = [...before, ...inserted, ...after];
        this.cursor += inserted.length;
        return;
      }
      case 'erase':
        if (this.cursor > 0) {
          this.chars.splice(this.cursor - 1, 1);
          this.cursor -= 1;
        }
        return;
      case 'delete':
        this.chars.splice(this.cursor, 1);
        return;
      case 'eof':
        // On an empty line it ends the shell (the session closes); otherwise bash deletes under the cursor.
        if (this.chars.length) this.chars.splice(this.cursor, 1);
        return;
      case 'kill-back':
        // bash kills back to the line's start, zsh the whole line: they agree only at the line's end.
        if (this.cursor !== this.chars.length) this.certain = false;
        this.chars = after;
        this.cursor = 0;
        return;
      case 'kill-forward':
        this.chars = before;
        return;
      case 'home':
        this.cursor = 0;
        return;
      case 'end':
        this.cursor = this.chars.length;
        return;
      case 'left':
        this.cursor = Math.max(0, this.cursor - 1);
        return;
      case 'right':
        this.cursor = Math.min(this.chars.length, this.cursor + 1);
        return;
      case 'interrupt':
        this.chars = [];
        this.cursor = 0;
        return;
      case 'redraw':
        return;
      default:
        this.certain = false;
    }
  }
}

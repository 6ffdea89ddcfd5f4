// Keys bash's readline binds by default (`bind -p`) to run the line, or code in it, without an Enter:
// the door cannot judge what they run — an editor's buffer (Ctrl-X Ctrl-E, with EDITOR=true the line as
// it is), a recorded keyboard macro, the line's `$( )` expanded in place, bindings re-read from a file —
// so while a deny rule is in force they are refused before the shell gets them. Their prefix keys
// (Ctrl-X, Escape) are held until the key after them is known, as readline itself waits for it.
// Enter, Ctrl-J, Ctrl-O (operate-and-get-next) and the keypad's Enter are the gate's own accept keys.

const RUNNING: Record<string, string> = {
  '\x18\x05': 'Ctrl-X Ctrl-E (edit-and-execute-command)',
  '\x18e': 'Ctrl-X e (call-last-kbd-macro)',
  '\x18\x12': 'Ctrl-X Ctrl-R (re-read-init-file)',
  '\x1b\x05': 'Alt-Ctrl-E (shell-expand-line)',
  '\x1b#': 'Alt-# (insert-comment)',
};

/** A key readline waits after: held by the gate until the next one comes. */
export const isPrefixKey = (raw: string): boolean => raw === '\x18' || raw === '\x1b';

/** The running binding `raw` (one key) or `raw` and the start of `next` make, with its length in `next`; null for none. */
export function runningBinding(raw: string, next: string): { name: string; taken: number } | null {
  if (Object.hasOwn(RUNNING, raw)) return { name: RUNNING[raw], taken: 0 };
  if (raw === '\x18' && next && Object.hasOwn(RUNNING, raw + next[0]))
    return { name: RUNNING[raw + next[0]], taken: 1 };
  return null;
}

/** Keys as a terminal echoes them: control characters in caret notation (`^[[A` for Up). */
export const caretKeys = (keys: string): string =>
  keys.replace(/[\x00-\x1f\x7f]/g, (c) => (c === '\x7f' ? '^?' : `^${String.fromCharCode(c.charCodeAt(0) + 64)}`));

// A command line of a full-screen program — vim's `:` line, less's `!` and `|`, nano's Execute prompt,
// vim's `=` expression — judged with the command filter. It is not a shell line (`:!ls` is no history
// expansion), so it is not parsed as one whole; the parts of it a shell will run are:
// - what follows a `!` or `|` (vim's `:!cmd`, `:r !cmd`, `:{range}!cmd`, `!{motion}cmd`; less's `!cmd` and
//   `|{mark}cmd`): read from right after the sign and after each of the next three characters, since a
//   motion or a mark may come first and the door does not know which program it is;
// - the inside of quotes and backquotes (`:call system('…')`, `` :e `…` ``);
// - for nano's prompt (`shell`), the whole text.
// Each is judged as a shell line; the whole text is also searched for the rules' patterns as 2.3 did.
// vim's `:terminal` starts a shell whose lines the door cannot read: an unknown command. What a program's
// own language builds when it runs (`:exe "!r"."m"`) is not seen: see the README's limits.
import type { CommandFilter, Verdict } from '../../shared/command-filter/command-filter.ts';

const SKIPS = 4;
/** More parts than this (a pasted text full of `!`) are not judged one by one: the line is refused. */
const MAX_PARTS = 200;

export function programLineVerdict(filter: CommandFilter, text: string, shell: boolean): Verdict {
  if (/^:[\s:]*[\d,.$%'<>+\-;]*\s*ter(m(i(n(al?)?)?)?)?\b/.test(text)) {
    const verdict = filter.checkUnknown(text);
    if (!verdict.allowed) return verdict;
  }
  const parts = shellParts(text, shell);
  if (parts.length > MAX_PARTS) return filter.checkUnknown(text.slice(0, 80));
  for (const part of parts) {
    const verdict = filter.check(part);
    if (!verdict.allowed) return verdict;
  }
  return filter.checkText(text);
}

function shellParts(text: string, shell: boolean): string[] {
  const parts = new Set<string>();
  if (shell) parts.add(text);
  for (let at = 0; at < text.length && parts.size <= MAX_PARTS; at++) {
    if (text[at] !== '!' && text[at] !== '|') continue;
    for (let skip = 1; skip <= SKIPS; skip++) parts.add(text.slice(at + skip).trim());
  }
  for (const quoted of text.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|`([^`]*)`/g)) {
    if (parts.size > MAX_PARTS) break;
    parts.add((quoted[1] ?? quoted[2] ?? quoted[3]).trim());
  }
  parts.delete('');
  return [...parts];
}

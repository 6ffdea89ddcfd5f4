// Commands that run another command: the words after their own options (`sudo -u root rm`), a string the
// shell parses again (`bash -c '…'`, `eval …`, `su -c …`, `trap '…'`, an alias value), or a script read from
// their standard input (`sh <<EOF`, `… | bash`). The filter judges what they run as a command of its own.
// Builtins that store code to run later (`complete -C`, `bind -x`…) are in shell-settings.ts.
import { assignmentWord, builtinSettings } from './shell-settings.ts';
import { literalOf, type Word, type Wrapped } from './shell-word-value.ts';

export type { Wrapped } from './shell-word-value.ts';

interface Options {
  args?: string;
  optional?: string;
  long?: string[];
  skip?: number;
  assignments?: boolean;
}

// Letters (and long names) of the options that take a value, so the value is not taken for the command.
const PREFIX: Record<string, Options> = {
  sudo: {
    args: 'CDghpRrTtUu',
    long: [
      'close-from',
      'chdir',
      'group',
      'host',
      'prompt',
      'role',
      'type',
      'user',
      'other-user',
      'command-timeout',
      'chroot',
    ],
  },
  doas: { args: 'Cu' },
  env: { args: 'uC', long: ['unset', 'chdir'], assignments: true },
  nice: { args: 'n', long: ['adjustment'] },
  timeout: { args: 'sk', long: ['signal', 'kill-after'], skip: 1 },
  xargs: {
    args: 'aEdILnPs',
    optional: 'eil',
    long: [
      'arg-file',
      'delimiter',
      'eof',
      'replace',
      'max-lines',
      'max-args',
      'max-procs',
      'max-chars',
      'process-slot-var',
    ],
  },
  time: { args: 'fo', long: ['format', 'output'] },
  exec: { args: 'a' },
  stdbuf: { args: 'ioe', long: ['input', 'output', 'error'] },
  ionice: { args: 'cnp', long: ['class', 'classdata', 'pid'] },
  chroot: { long: ['userspec', 'groups'], skip: 1 },
  command: {},
  builtin: {},
  nohup: {},
  setsid: {},
  busybox: {},
  coproc: {},
};
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ash', 'mksh', 'rbash']);
const SCRIPT_ARGS: Record<string, Options> = { eval: {}, watch: { args: 'n', long: ['interval'] } };

const nameOf = (word: Word | undefined) => (word ? (literalOf(word)?.replace(/^.*\//, '') ?? null) : null);
/** Words joined as the shell would join them for a string it parses again; null when one is not known. */
const joinedText = (words: Word[]) =>
  words.some((word) => literalOf(word) === null) ? null : words.map((word) => literalOf(word)).join(' ');

export function unwrap(words: Word[]): Wrapped[] {
  const name = nameOf(words[0]);
  if (name === null) return [];
  if (Object.hasOwn(PREFIX, name)) return prefixed(words, PREFIX[name], name);
  if (SHELLS.has(name)) return shell(words);
  if (Object.hasOwn(SCRIPT_ARGS, name)) {
    const at = operandStart(words, SCRIPT_ARGS[name]);
    return at < words.length ? [{ kind: 'script', text: joinedText(words.slice(at)), sameShell: name === 'eval' }] : [];
  }
  if (name === 'su' || name === 'runuser') return commandOption(words);
  if (name === 'trap') return trap(words);
  if (name === 'alias') return words.slice(1).flatMap((word) => aliasValue(word));
  if (name === 'find') return findExec(words);
  if (name === 'source' || name === '.') return sourced(words);
  // `fc` runs earlier lines again, edited or with a substitution; only listing them is harmless.
  if (name === 'fc')
    return words.some((word) => /^-[a-zA-Z]*l/.test(literalOf(word) ?? ''))
      ? []
      : [{ kind: 'script', text: null, sameShell: true }];
  return builtinSettings(name, words) ?? [];
}

const STDIN_FILES = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** `. file` runs a script file (not looked into); standard input, or a file not known before it runs, could be anything. */
function sourced(words: Word[]): Wrapped[] {
  if (words.length < 2) return [];
  const file = literalOf(words[1]);
  if (file === null) return [{ kind: 'script', text: null, sameShell: true }];
  return STDIN_FILES.has(file) ? [{ kind: 'stdin' }] : [];
}

function prefixed(words: Word[], options: Options, name: string): Wrapped[] {
  const out: Wrapped[] = [];
  if (name === 'env') {
    // `env PROMPT_COMMAND=… bash`: the started shell runs what the setting holds.
    for (const word of words.slice(1, operandStart(words, options))) out.push(...assignmentWord(literalOf(word) ?? ''));
    const split = words.findIndex((word) => /^(-S|--split-string(=|$))/.test(literalOf(word) ?? ''));
    if (split > 0) out.push({ kind: 'script', text: splitString(words, split), sameShell: false });
  }
  const at = operandStart(words, options);
  if (at >= words.length) return out;
  const inner = words.slice(at);
  if (name === 'xargs')
    inner.push({
      units: [{ any: 'words' }],
      shown: '…',
      start: inner[inner.length - 1].end,
      end: inner[inner.length - 1].end,
    });
  return [...out, { kind: 'command', words: inner }];
}

function splitString(words: Word[], at: number): string | null {
  const option = literalOf(words[at]) ?? '';
  const inline = option.startsWith('--split-string=')
    ? option.slice(15)
    : option.length > 2 && option.startsWith('-S')
      ? option.slice(2)
      : null;
  return inline !== null
    ? joinedText([{ units: [inline], shown: inline, start: 0, end: 0 }, ...words.slice(at + 1)])
    : joinedText(words.slice(at + 1));
}

/** Index of the first word after the command's own options (and its fixed operands). */
function operandStart(words: Word[], options: Options): number {
  let i = 1;
  while (i < words.length) {
    const word = literalOf(words[i]);
    if (word === null) return i; // an unknown word could be the command itself
    if (word === '--') {
      i++;
      break;
    }
    if (options.assignments && /^[A-Za-z_]\w*=/.test(word)) {
      i++;
      continue;
    }
    if (word.startsWith('--')) {
      i += !word.includes('=') && options.long?.includes(word.slice(2)) ? 2 : 1;
      continue;
    }
    if (!word.startsWith('-') || word === '-') break;
    i += 1 + clusterTakesNext(word, options);
  }
  return Math.min(words.length, i + (options.skip ?? 0));
}

function clusterTakesNext(word: string, options: Options): number {
  for (let k = 1; k < word.length; k++) {
    if (options.args?.includes(word[k])) return k === word.length - 1 ? 1 : 0;
    if (options.optional?.includes(word[k])) return 0;
  }
  return 0;
}

function shell(words: Word[]): Wrapped[] {
  let i = 1,
    command = false,
    stdin = false;
  for (; i < words.length; i++) {
    const word = literalOf(words[i]);
    if (word === null) return [{ kind: 'script', text: null, sameShell: false }];
    if (word === '--' || word === '-') {
      i++;
      break;
    }
    if (word === '--rcfile' || word === '--init-file') {
      i++;
      continue;
    }
    if (word.startsWith('--')) continue;
    if (!/^[-+]/.test(word)) break;
    if (word.startsWith('-') && word.includes('c')) command = true;
    if (word.startsWith('-') && word.includes('s')) stdin = true;
    if (/[oO]$/.test(word)) i++;
  }
  if (command) return i < words.length ? [{ kind: 'script', text: literalOf(words[i]), sameShell: false }] : [];
  // No operand (or -s): the shell runs what it reads from its standard input; an operand is a script file.
  return stdin || i >= words.length || STDIN_FILES.has(literalOf(words[i]) ?? '') ? [{ kind: 'stdin' }] : [];
}

function commandOption(words: Word[]): Wrapped[] {
  for (let i = 1; i < words.length; i++) {
    const word = literalOf(words[i]);
    if (word === null) continue;
    if (/^(-[A-Za-z]*c|--command|--session-command)$/.test(word) && i + 1 < words.length)
      return [{ kind: 'script', text: literalOf(words[i + 1]), sameShell: false }];
    const inline = /^--(session-)?command=(.*)$/s.exec(word);
    if (inline) return [{ kind: 'script', text: inline[2], sameShell: false }];
  }
  return [];
}

function trap(words: Word[]): Wrapped[] {
  const first = words[1] && literalOf(words[1]);
  if (!words[1] || first === '-p' || first === '-l') return [];
  const at = first === '--' ? 2 : 1;
  return at < words.length ? [{ kind: 'script', text: literalOf(words[at]), sameShell: true }] : [];
}

function aliasValue(word: Word): Wrapped[] {
  const text = literalOf(word);
  if (text === null) return [{ kind: 'script', text: null, sameShell: true }];
  const eq = text.indexOf('=');
  return eq > 0 ? [{ kind: 'script', text: text.slice(eq + 1), sameShell: true }] : [];
}

/** `find … -exec cmd {} ;` runs cmd with found paths where `{}` stands (one per run with `;`, many with `+`). */
function findExec(words: Word[]): Wrapped[] {
  const out: Wrapped[] = [];
  for (let i = 1; i < words.length; i++) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(literalOf(words[i]) ?? '')) continue;
    let end = i + 1;
    while (end < words.length && !/^[;+]$/.test(literalOf(words[end]) ?? '')) end++;
    const many = literalOf(words[end] ?? words[i]) === '+';
    const inner = words
      .slice(i + 1, end)
      .map((word) =>
        literalOf(word) === '{}' ? { ...word, units: [{ any: many ? ('words' as const) : ('word' as const) }] } : word,
      );
    if (inner.length) out.push({ kind: 'command', words: inner });
    i = end;
  }
  return out;
}

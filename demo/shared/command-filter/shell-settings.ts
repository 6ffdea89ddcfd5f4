// Settings that store code the shell (or a program it starts) runs later, at a moment no line of the
// user's shows: before each prompt (PROMPT_COMMAND, and the `$( )` of PS0–PS4, which are expanded each
// time they are shown), on Tab (`complete -C`, `-W`), on a key (`bind -x`), when a program wants an
// editor or a pager (EDITOR, PAGER…), when a shell starts (BASH_ENV, ENV: a file, INPUTRC: bindings).
// The filter judges the code such a setting holds as a command of the line that sets it; what it cannot
// read (a file, a value not known before it runs, a name set indirectly by `read` or `printf -v`, a
// binding that runs the line the door cannot follow) is an unknown command, which every deny rule refuses.
// `trap`, `alias` and function bodies are judged the same way (shell-wrappers.ts, shell-words.ts).
import { literalOf, type Word, type Wrapped } from './shell-word-value.ts';

/** Variables whose value is a command: the shell runs PROMPT_COMMAND before each prompt; programs run the others. */
const COMMAND_VARIABLES = new Set([
  'PROMPT_COMMAND',
  'EDITOR',
  'VISUAL',
  'FCEDIT',
  'SUDO_EDITOR',
  'GIT_EDITOR',
  'PAGER',
  'MANPAGER',
  'GIT_PAGER',
  'SYSTEMD_PAGER',
  'BROWSER',
  'LESSOPEN',
  'LESSCLOSE',
]);
/** Variables expanded as a prompt each time they are used: a `$( )` or backquote in them runs then. */
const PROMPT_VARIABLES = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4', 'MAILPATH']);
/** Variables naming a file a shell runs when it starts (BASH_ENV, ENV) or reads its key bindings from (INPUTRC). */
const FILE_VARIABLES = new Set(['BASH_ENV', 'ENV', 'INPUTRC']);

export const isSettingName = (name: string): boolean =>
  COMMAND_VARIABLES.has(name) || PROMPT_VARIABLES.has(name) || FILE_VARIABLES.has(name);

const UNKNOWN: Wrapped = { kind: 'script', text: null, sameShell: false };
const script = (text: string): Wrapped => ({ kind: 'script', text, sameShell: false });

/**
 * What setting `name` to `values` (one value; several for an array) stores; `null` values are not known
 * before they run. `appends` (`+=`): the value joins one set earlier, which this line does not show.
 */
export function settingScripts(name: string, values: (string | null)[], appends: boolean): Wrapped[] {
  if (!isSettingName(name)) return [];
  if (appends || values.some((value) => value === null)) return [UNKNOWN];
  const known = values as string[];
  if (FILE_VARIABLES.has(name)) return known.some((value) => value !== '') ? [UNKNOWN] : [];
  if (PROMPT_VARIABLES.has(name)) return known.map((value) => script(promptScript(value)));
  // LESSOPEN='|lesspipe %s' (and `||`, `-|`): the command follows the pipe signs.
  return known.map((value) => script(name.startsWith('LESS') ? value.replace(/^[-|]+/, '') : value));
}

/**
 * A prompt string as the shell expands it, written as a line the filter can parse: the body of a
 * here-document, which the shell expands as it expands a prompt (`$( )`, backquotes, variables; quotes
 * are plain text). bash first replaces the prompt's backslash escapes — `\044` becomes `$` — so those
 * are decoded first; the others stay as written, which at worst shows the parser more than will run.
 */
export function promptScript(value: string): string {
  const decoded = value.replace(/\\([0-7]{1,3})/g, (_, octal: string) =>
    String.fromCharCode(parseInt(octal, 8) & 0xff),
  );
  let end = 'DOOR_PROMPT_END';
  while (decoded.includes(end)) end += '_';
  return `: <<${end}\n${decoded}\n${end}`;
}

/** An assignment written as a word (`export "PS1=…"`, `env PS1=…`): what it stores, or nothing when it is not one. */
export function assignmentWord(text: string): Wrapped[] {
  const found = /^([A-Za-z_]\w*)(\[[^\]]*\])?(\+?)=(.*)$/s.exec(text);
  return found ? settingScripts(found[1], [found[4]], found[3] === '+') : [];
}

/** Whether a word not known before it runs could start with `-` (an option) rather than be an operand. */
const couldBeOption = (each: Word) => typeof each.units[0] !== 'string' || each.units[0].startsWith('-');

/**
 * Options of a getopt-style builtin: each option letter with the value it takes (null when not known
 * before it runs), and the operands (null likewise). `unknown`: a word that could be an option is not known.
 */
function options(
  words: Word[],
  withValue: string,
): { options: [string, string | null][]; operands: (string | null)[]; unknown: boolean } {
  const out: [string, string | null][] = [];
  let unknown = false;
  let i = 1;
  for (; i < words.length; i++) {
    const text = literalOf(words[i]);
    if (text === null) {
      if (!couldBeOption(words[i])) break;
      unknown = true;
      continue;
    }
    if (text === '--') {
      i++;
      break;
    }
    if (!/^[-+]./.test(text)) break;
    for (let k = 1; k < text.length; k++) {
      if (!withValue.includes(text[k])) {
        out.push([text[k], null]);
        continue;
      }
      const value = k + 1 < text.length ? text.slice(k + 1) : i + 1 < words.length ? literalOf(words[++i]) : '';
      out.push([text[k], value]);
      break;
    }
  }
  return { options: out, operands: words.slice(i).map((each) => literalOf(each)), unknown };
}

/** Readline functions that run the line, run code in it or let keys the door does not see run it. */
const RUNNING_FUNCTIONS = new Set([
  'accept-line',
  'operate-and-get-next',
  'edit-and-execute-command',
  'insert-comment',
  'shell-expand-line',
  'call-last-kbd-macro',
  'execute-named-command',
  're-read-init-file',
  'vi-editing-mode',
  'vi-insert-comment',
  'vi-edit-and-execute-command',
]);

/**
 * What the builtins that store code or set a variable indirectly store, judged as scripts (`complete -C`,
 * `bind -x`, `mapfile -C`) or unknown; null when `name` is none of them.
 */
export function builtinSettings(name: string, words: Word[]): Wrapped[] | null {
  switch (name) {
    case 'complete':
    case 'compgen': {
      const parsed = options(words, 'oAGWFCXPS');
      if (parsed.unknown) return [UNKNOWN];
      return parsed.options.flatMap(([letter, value]) =>
        letter === 'C'
          ? [value === null ? UNKNOWN : script(value)]
          : letter === 'W'
            ? [value === null ? UNKNOWN : script(promptScript(value))]
            : [],
      );
    }
    case 'bind': {
      const parsed = options(words, 'fqumrx');
      if (parsed.unknown || parsed.operands.some((operand) => operand === null)) return [UNKNOWN];
      const out: Wrapped[] = [];
      for (const [letter, value] of parsed.options) {
        if (letter === 'f') out.push(UNKNOWN); // bindings from a file
        if (letter === 'x') out.push(...(value === null ? [UNKNOWN] : boundCommand(value)));
      }
      for (const line of parsed.operands as string[]) if (bindingRuns(line)) out.push(UNKNOWN);
      return out;
    }
    case 'set': {
      // `set -o vi`: vi editing mode binds keys that run the line (`v`, `#` in command mode), which the
      // door does not follow.
      for (let i = 1; i < words.length; i++) {
        const text = literalOf(words[i]);
        if (text === '--') break;
        const next = i + 1 < words.length ? literalOf(words[i + 1]) : '';
        if (text === null ? couldBeOption(words[i]) : /^-[A-Za-z]*o$/.test(text) && (next === 'vi' || next === null))
          return [UNKNOWN];
      }
      return [];
    }
    case 'read':
      return setsNames(options(words, 'adinNptu'), 'a');
    case 'mapfile':
    case 'readarray': {
      const parsed = options(words, 'dnOsuCc');
      const callback = parsed.options
        .filter(([letter]) => letter === 'C')
        .map(([, value]) => (value === null ? UNKNOWN : script(value)));
      return [...callback, ...setsNames(parsed, '')];
    }
    case 'printf': {
      const parsed = options(words, 'v');
      return setsNames({ ...parsed, operands: [] }, 'v');
    }
    case 'getopts': {
      const target = words.length > 2 ? literalOf(words[2]) : '';
      return target === null || isSettingName(target) ? [UNKNOWN] : [];
    }
    default:
      return null;
  }
}

/** A name the command sets (an operand, or the value of option `letters`) that is a setting, or not known. */
function setsNames(parsed: ReturnType<typeof options>, letters: string): Wrapped[] {
  if (parsed.unknown) return [UNKNOWN];
  const names = [
    ...parsed.operands,
    ...parsed.options.filter(([letter]) => letters.includes(letter)).map(([, value]) => value),
  ];
  return names.some((name) => name === null || isSettingName(name.replace(/\[.*$/s, ''))) ? [UNKNOWN] : [];
}

/** The key sequence at the start of a readline binding line (`"\C-t"` or a key name), and what follows its colon. */
function afterKeys(line: string): string | null {
  const text = line.trimStart();
  let at = 0;
  if (text[0] === '"') {
    at = 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
  }
  const colon = text.indexOf(':', at);
  return colon < 0 ? null : text.slice(colon + 1).trimStart();
}

/** `bind -x 'KEYS: COMMAND'`: the command, as written and with the quotes bash removes from around it. */
function boundCommand(spec: string): Wrapped[] {
  const command = afterKeys(spec);
  if (command === null) return []; // bash refuses a spec without a colon
  const quoted = /^(["'])([^]*)\1\s*$/.exec(command);
  return quoted ? [script(command), script(quoted[2])] : [script(command)];
}

/** Whether a readline init line binds a key to run the line (a function that does, or a macro of keys), or reads a file. */
function bindingRuns(line: string): boolean {
  const text = line.trim();
  if (/^set\s+editing-mode\s+vi\b/i.test(text)) return true;
  if (/^\$include\b/.test(text)) return true;
  if (/^(set\b|\$|#|$)/.test(text)) return false;
  const value = afterKeys(text);
  if (value === null) return false;
  if (/^["']/.test(value)) return true; // a macro types keys, an Enter among them
  return RUNNING_FUNCTIONS.has(value.split(/\s/)[0].toLowerCase());
}

// A command line (possibly several lines joined by "\n") as the simple commands the shell will run, each
// as its words after quote removal: those of lists, pipelines, groups, subshells, compound commands and
// function bodies, those inside `$( )`, backticks and `<( )`, those a wrapper runs (shell-wrappers.ts), and
// the code a setting stores for later (`PROMPT_COMMAND=…`, `PS1='$(…)'`: shell-settings.ts).
// A variable the same line set to a constant (`a=r; b=m; $a$b`) is replaced by its value; only plain
// assignments standing as statements of their own count, and any other statement forgets them all, since
// it may change them (a function, `read`, a loop).
import { parseShell, type Node } from './shell-parser.ts';
import { assignmentWord, isSettingName, settingScripts } from './shell-settings.ts';
import { evaluateWord, literalOf, type Word } from './shell-word-value.ts';
import { unwrap, type Wrapped } from './shell-wrappers.ts';

export interface SimpleCommand {
  words: Word[];
  /** The command as typed: its part of the line, or of the string a wrapper parses again. */
  text: string;
  /** Nothing is known of what runs (a script from a pipe, a string built when it runs): it could be anything. */
  unknown?: boolean;
}

export interface LineAnalysis {
  commands: SimpleCommand[];
  /** False when some part did not parse: its commands are then the parser's best guess. */
  parsed: boolean;
}

type Stdin = undefined | 'pipe' | 'file' | { text: string | null };
interface Scope {
  src: string;
  env: Map<string, string>;
  depth: number;
  out: SimpleCommand[];
  state: { parsed: boolean };
}

const MAX_DEPTH = 8; // strings parsed again inside strings parsed again (`bash -c "sh -c '…'"`)

/** Null before the parser is loaded (see shell-parser.ts). */
export function analyseLine(text: string): LineAnalysis | null {
  const state = { parsed: true };
  const out: SimpleCommand[] = [];
  if (!analyseText(text, 0, new Map(), out, state)) return null;
  // `^old^new` at the start of a line makes an interactive bash run the previous line, changed.
  for (const line of text.split('\n'))
    if (line.startsWith('^')) parseAgain(null, new Map(), line, { src: line, env: new Map(), depth: 0, out, state });
  return { commands: out, parsed: state.parsed };
}

function analyseText(
  text: string,
  depth: number,
  env: Map<string, string>,
  out: SimpleCommand[],
  state: { parsed: boolean },
): boolean {
  if (depth > MAX_DEPTH) {
    out.push({ words: [{ units: [{ any: 'words' }], shown: text, start: 0, end: text.length }], text, unknown: true });
    return true;
  }
  const src = joinContinuations(text);
  const tree = src === null ? null : parseShell(src);
  if (!tree || src === null) return false;
  try {
    if (tree.rootNode.hasError) state.parsed = false;
    walkProgram(tree.rootNode, { src, env, depth, out, state });
  } finally {
    tree.delete();
  }
  return true;
}

function walkProgram(root: Node, scope: Scope): void {
  for (const statement of root.namedChildren) {
    if (!statement || statement.type === 'comment') continue;
    if (statement.type === 'variable_assignment' || statement.type === 'variable_assignments') {
      if (statement.type === 'variable_assignment') emitSetting(statement, scope);
      walkChildren(statement, scope, undefined);
      if (!plainExpansions(statement)) scope.env.clear(); // `b=${a:=rm}` sets a as well
      for (const assignment of statement.type === 'variable_assignment' ? [statement] : statement.namedChildren)
        if (assignment) assign(assignment, scope.env);
      continue;
    }
    if (!keepsVariables(statement)) scope.env.clear();
    walk(statement, scope, undefined);
    scope.env.clear();
  }
}

function assign(node: Node, env: Map<string, string>): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const key = name.text.replace(/\[.*$/s, '');
  const valueNode = node.childForFieldName('value');
  const words = valueNode ? evaluateWord([valueNode], env) : [];
  const value = words.length > 1 ? null : words.length ? literalOf(words[0]) : '';
  const appends = node.children.some((child) => child?.type === '+=');
  const old = appends ? env.get(key) : '';
  if (name.type === 'variable_name' && value !== null && old !== undefined) env.set(key, old + value);
  else env.delete(key);
}

/** A statement that is one simple command with plain expansions reads the variables set before it. */
function keepsVariables(statement: Node): boolean {
  const single =
    statement.type === 'command' ||
    (statement.type === 'redirected_statement' && statement.childForFieldName('body')?.type === 'command');
  if (!single) return false;
  return statement.descendantsOfType('command').length === 1 && plainExpansions(statement);
}

/** No `${a:=x}`, `$((a=1))` or the like, which assign while they expand. */
const plainExpansions = (node: Node) =>
  node.descendantsOfType('arithmetic_expansion').length === 0 &&
  node.descendantsOfType('expansion').every((expansion) => /^\$\{[A-Za-z_]\w*\}$/.test(expansion.text));

function walk(node: Node, scope: Scope, stdin: Stdin): void {
  switch (node.type) {
    case 'command':
      emitCommand(node, [], scope, stdin);
      return walkChildren(node, scope, stdin);
    case 'declaration_command':
    case 'unset_command':
      emitDeclaration(node, scope);
      return walkChildren(node, scope, stdin);
    case 'variable_assignment':
      emitSetting(node, scope);
      return walkChildren(node, scope, stdin);
    case 'for_statement': {
      // `for PROMPT_COMMAND in …` sets it to each word in turn.
      const variable = node.childForFieldName('variable');
      if (variable && isSettingName(variable.text)) parseAgain(null, new Map(), node.text, scope);
      return walkChildren(node, scope, stdin);
    }
    case 'heredoc_body': {
      // The grammar reads `$( )` in an unquoted here-document's body but not backquotes: the text between
      // any two of them is judged (more pairs than the shell makes: never fewer).
      const start = node.parent?.namedChildren.find((child) => child?.type === 'heredoc_start');
      if (!/['"\\]/.test(start?.text ?? ''))
        for (const inside of backquoted(node.text)) parseAgain(inside, new Map(), node.text, scope);
      return walkChildren(node, scope, stdin);
    }
    case 'expansion':
      // `${PS1:=…}` and `${PS1=…}` assign while they expand.
      if (/^\$\{([A-Za-z_]\w*)(\[[^\]]*\])?:?=/.test(node.text) && isSettingName(/^\$\{(\w+)/.exec(node.text)![1]))
        parseAgain(null, new Map(), node.text, scope);
      return walkChildren(node, scope, stdin);
    case 'redirected_statement': {
      const body = node.childForFieldName('body');
      const redirects = node.childrenForFieldName('redirect');
      const input = inputOf(redirects, scope) ?? stdin;
      if (body?.type === 'command') {
        emitCommand(body, redirects, scope, input);
        walkChildren(body, scope, input);
      } else if (body) walk(body, scope, input);
      for (const redirect of redirects) walk(redirect, scope, stdin);
      return;
    }
    case 'heredoc_redirect': {
      // `cat <<E | sh`: the grammar puts the rest of the pipeline inside the here-document's redirection.
      for (const child of node.namedChildren) {
        if (child?.type === 'pipeline') child.namedChildren.forEach((part) => part && walk(part, scope, 'pipe'));
        else if (child) walk(child, scope, stdin);
      }
      return;
    }
    case 'pipeline':
      node.namedChildren.forEach((child, i) => child && walk(child, scope, i === 0 ? stdin : 'pipe'));
      return;
    default:
      return walkChildren(node, scope, stdin);
  }
}

function walkChildren(node: Node, scope: Scope, stdin: Stdin): void {
  for (const child of node.namedChildren) if (child) walk(child, scope, stdin);
}

/** What a here-document, here-string or `<` file gives the command as its standard input. */
function inputOf(redirects: Node[], scope: Scope): Stdin {
  let input: Stdin;
  for (const redirect of redirects) {
    if (redirect.type === 'heredoc_redirect')
      input = { text: redirect.namedChildren.find((child) => child?.type === 'heredoc_body')?.text ?? '' };
    else if (redirect.type === 'herestring_redirect') {
      const value = redirect.namedChildren.filter(
        (child): child is Node => !!child && child.type !== 'file_descriptor',
      );
      const words = value.length ? evaluateWord(value, scope.env) : [];
      input = { text: words.length === 1 ? literalOf(words[0]) : null };
    } else if (redirect.type === 'file_redirect' && redirect.children.some((child) => child?.type === '<'))
      input = 'file';
  }
  return input;
}

function emitCommand(node: Node, outer: Node[], scope: Scope, stdin: Stdin): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const own = node.childrenForFieldName('redirect');
  // The grammar hangs words typed after a redirection (`rm >/dev/null -rf x`) on the redirection node.
  const trailing = [...own, ...outer].flatMap((redirect) =>
    redirect.type === 'file_redirect'
      ? redirect.childrenForFieldName('destination').slice(1)
      : redirect.type === 'heredoc_redirect'
        ? redirect.childrenForFieldName('argument')
        : [],
  );
  const words = wordsOf([name, ...node.childrenForFieldName('argument'), ...trailing], scope);
  emit(words, scope, inputOf([...own, ...outer], scope) ?? stdin);
}

function emitDeclaration(node: Node, scope: Scope): void {
  const keyword = node.child(0);
  const words = wordsOf(
    node.namedChildren.filter((child): child is Node => !!child),
    scope,
  );
  if (keyword)
    words.unshift({ units: [keyword.text], shown: keyword.text, start: keyword.startIndex, end: keyword.endIndex });
  const text = scope.src.slice(node.startIndex, node.endIndex);
  scope.out.push({ words, text });
  if (keyword?.text === 'unset') return;
  // Assignments the grammar sees are judged where they are walked (emitSetting); here, those it does not
  // see: a quoted `"PS1=…"`, a name reference (`declare -n r=PS1` makes `r=…` set PS1), an argument
  // not known before it runs, which could be any assignment.
  for (const child of node.namedChildren) {
    if (!child || child.type === 'variable_assignment' || child.type === 'variable_name') continue;
    const [value] = evaluateWord([child], scope.env);
    const literal = value ? literalOf(value) : '';
    const reference =
      literal !== null && /^-[A-Za-z]*n/.test(literal) && keyword?.text !== 'export' && keyword?.text !== 'readonly';
    const wrapped: Wrapped[] =
      literal === null || reference ? [{ kind: 'script', text: null, sameShell: false }] : assignmentWord(literal);
    for (const each of wrapped) runLater(each, text, scope);
  }
}

/** An assignment to a setting that stores code (shell-settings.ts): what it stores, judged as part of this line. */
function emitSetting(node: Node, scope: Scope): void {
  const nameNode = node.childForFieldName('name');
  const name = (nameNode?.type === 'subscript' ? nameNode.childForFieldName('name') : nameNode)?.text ?? '';
  if (!isSettingName(name)) return;
  const valueNode = node.childForFieldName('value');
  const parts =
    valueNode?.type === 'array'
      ? valueNode.namedChildren.filter((child): child is Node => !!child)
      : valueNode
        ? [valueNode]
        : [];
  // An assignment's value is not split into words: an unquoted constant's blanks stay blanks.
  const values = parts.map((part) => {
    const words = evaluateWord([part], scope.env).map(literalOf);
    return words.some((word) => word === null) ? null : words.join(' ');
  });
  const appends = node.children.some((child) => child?.type === '+=');
  for (const wrapped of settingScripts(name, valueNode ? values : [''], appends)) runLater(wrapped, node.text, scope);
}

const MAX_BACKQUOTES = 16;

/** The text between each backquote and every later one (a backquote the shell would pair with another). */
function backquoted(text: string): (string | null)[] {
  const at: number[] = [];
  for (let i = text.indexOf('`'); i >= 0; i = text.indexOf('`', i + 1)) at.push(i);
  if (at.length > MAX_BACKQUOTES) return [null];
  return at.flatMap((from, k) => at.slice(k + 1).map((to) => text.slice(from + 1, to).replace(/\\`/g, '`')));
}

/** Code stored to run later, judged now; the variables this line set are not known then. */
function runLater(wrapped: Wrapped, text: string, scope: Scope): void {
  if (wrapped.kind === 'script') parseAgain(wrapped.text, new Map(), text, scope);
}

/** Nodes side by side with nothing between them make one word (`$"…"` comes as a `$` and a string). */
function wordsOf(nodes: Node[], scope: Scope): Word[] {
  const sorted = nodes.sort((a, b) => a.startIndex - b.startIndex);
  const groups: Node[][] = [];
  sorted.forEach((node, i) => {
    if (
      !node.isNamed &&
      node.text === '$' &&
      sorted[i + 1]?.type === 'string' &&
      sorted[i + 1].startIndex === node.endIndex
    )
      return;
    const last = groups[groups.length - 1];
    if (last && last[last.length - 1].endIndex === node.startIndex) last.push(node);
    else groups.push([node]);
  });
  return groups.flatMap((group) => evaluateWord(group, scope.env));
}

function emit(words: Word[], scope: Scope, stdin: Stdin, wraps = 0): void {
  if (!words.length) return;
  const text = scope.src.slice(words[0].start, words[words.length - 1].end);
  // `sudo sudo sudo …` a thousand times would cost quadratic work: past a few, what runs is not looked for.
  if (wraps > MAX_DEPTH) return void parseAgain(null, scope.env, text, scope);
  scope.out.push({ words, text });
  for (const wrapped of unwrap(words)) {
    if (wrapped.kind === 'command') emit(wrapped.words, scope, stdin, wraps + 1);
    else if (wrapped.kind === 'script')
      parseAgain(wrapped.text, wrapped.sameShell ? new Map(scope.env) : new Map(), text, scope);
    else if (stdin === 'pipe') parseAgain(null, new Map(), text, scope);
    else if (stdin && stdin !== 'file') parseAgain(stdin.text, new Map(), text, scope);
  }
}

function parseAgain(script: string | null, env: Map<string, string>, text: string, scope: Scope): void {
  if (script === null)
    scope.out.push({
      words: [{ units: [{ any: 'words' }], shown: text, start: 0, end: text.length }],
      text,
      unknown: true,
    });
  else analyseText(script, scope.depth + 1, env, scope.out, scope.state);
}

/**
 * Removes the backslash-newline pairs the shell removes (the grammar would read `r\`+newline+`m` as two
 * words): outside single quotes, comments and quoted here-documents, where the backslash is not itself quoted.
 */
function joinContinuations(text: string): string | null {
  if (!text.includes('\\\n')) return text;
  const tree = parseShell(text);
  if (!tree) return null;
  const kept: [number, number][] = [];
  try {
    for (const node of tree.rootNode.descendantsOfType(['raw_string', 'ansi_c_string', 'comment', 'heredoc_body'])) {
      const start = node.parent?.namedChildren.find((child) => child?.type === 'heredoc_start');
      if (node.type !== 'heredoc_body' || /['"\\]/.test(start?.text ?? '')) kept.push([node.startIndex, node.endIndex]);
    }
  } finally {
    tree.delete();
  }
  // A run of backslashes before the newline continues the line when their count is odd.
  return text.replace(/\\+\n/g, (run: string, at: number) => {
    const backslash = at + run.length - 2;
    return run.length % 2 === 1 || kept.some(([from, to]) => backslash >= from && backslash < to)
      ? run
      : run.slice(0, -2);
  });
}

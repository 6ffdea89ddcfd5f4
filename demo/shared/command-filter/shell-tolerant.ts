// For a line the grammar cannot parse: its words with quotes and backslashes removed, cut into commands at
// the shell's operators. A word with `$`, a glob or a brace list in it is a wildcard there, so a broken
// line still refuses what a deny rule would refuse in a sound one (`"; $a$b -rf x` after an open quote).
import type { SimpleCommand } from './shell-words.ts';
import type { Unit, Word } from './shell-word-value.ts';

const RESERVED = new Set(['{', '}', '!', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', 'time']);

export function tolerantCommands(text: string): SimpleCommand[] {
  const joined = text.replace(/\\\n/g, '');
  return joined.split(/[;&|()`\n<>]+/).flatMap((segment) => {
    const tokens = segment.split(/\s+/).filter(Boolean);
    while (tokens.length && RESERVED.has(tokens[0])) tokens.shift();
    return tokens.length ? [{ words: tokens.map(wordOf), text: tokens.join(' ') }] : [];
  });
}

function wordOf(token: string): Word {
  const units: Unit[] = [];
  const wild = () => {
    if (typeof units[units.length - 1] !== 'object') units.push({ any: 'words' });
  };
  let literal = '';
  const flush = () => {
    if (literal) units.push(literal);
    literal = '';
  };
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === '\\') literal += token[++i] ?? '';
    else if (
      c === '$' ||
      c === '*' ||
      c === '?' ||
      c === '[' ||
      (c === '{' && /^\{[^}]*(,|\.\.)/.test(token.slice(i)))
    ) {
      flush();
      wild();
      // What follows `$` up to the next quote or literal-looking part is the unknown name or expression.
      if (c === '$') while (i + 1 < token.length && /[\w{}#@*?!-]/.test(token[i + 1])) i++;
      if (c === '[' || c === '{') i = Math.max(i, token.indexOf(c === '[' ? ']' : '}', i));
    } else if (c !== '"' && c !== "'") literal += c;
  }
  flush();
  return {
    units: units.length ? units : [''],
    shown: token.replace(/\\(.)/g, '$1').replace(/["']/g, ''),
    start: 0,
    end: token.length,
  };
}

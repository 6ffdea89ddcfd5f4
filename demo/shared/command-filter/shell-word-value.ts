// What one word of a parsed command line stands for once the shell has removed quotes and backslashes:
// literal text, or wildcards where its value is not known before it runs (an unknown variable, a command
// substitution, a glob, a brace expansion). A wildcard that may also hold blanks ("words") stands for any
// run of words, since the shell splits an unquoted expansion; a quoted one, or a glob, ("word") stays
// within one word. A constant expanded unquoted is "soft": it is split on $IFS, which an earlier line of
// the session may have set to anything (`IFS=_; a=rm_-rf_x; $a`), so each of its characters may also be
// a word break.
import type { Node } from './shell-parser.ts';

export type Wild = { any: 'words' | 'word' };
export type Soft = { soft: string };
export type Unit = string | Wild | Soft;
/** One word as the shell will pass it: `units` to match, `shown` to print (unknown parts as typed). */
export interface Word {
  units: Unit[];
  shown: string;
  start: number;
  end: number;
}
/** Variables whose values the same line set to constants (see shell-words.ts). */
export type Env = ReadonlyMap<string, string>;

type Item = { c: string; q: boolean; soft?: boolean } | { wild: Wild['any']; src: string };

const SPLIT = { split: true } as const;

export const isWild = (unit: Unit): unit is Wild => typeof unit !== 'string' && 'any' in unit;
/** The word's text when known, reading soft parts as split on blanks only (the usual $IFS). */
export const literalOf = (word: Word): string | null =>
  word.units.some(isWild)
    ? null
    : word.units.map((unit) => (typeof unit === 'string' ? unit : (unit as Soft).soft)).join('');

/** The words one parsed word becomes: usually one, several when an unquoted constant holds blanks. */
export function evaluateWord(nodes: Node[], env: Env): Word[] {
  const items = nodes.flatMap((node, i) => itemsOf(node, env, false, nodes[i + 1]?.text[0] ?? ''));
  const start = nodes[0].startIndex,
    end = nodes[nodes.length - 1].endIndex;
  const words: Word[] = [];
  let units: Unit[] = [],
    shown = '';
  const flush = () => {
    if (units.length) words.push({ units: merge(units), shown, start, end });
    units = [];
    shown = '';
  };
  for (const unit of unitsOf(items)) {
    if ('split' in unit) flush();
    else {
      units.push(unit.unit);
      shown += unit.shown;
    }
  }
  flush();
  // A word made only of empty quotes ('' or "") is still an (empty) argument.
  return words.length ? words : [{ units: [''], shown: '', start, end }];
}

/** `after`: the character right after the node in the same word ('' at its end), for a `!` that ends the node. */
function itemsOf(node: Node, env: Env, quoted: boolean, after = ''): Item[] {
  const text = node.text;
  if (!node.isNamed) return quoted ? chars(text, true) : raw(text, after);
  switch (node.type) {
    case 'word':
    case 'number':
    case 'variable_name':
    case 'file_descriptor':
      return quoted ? chars(text, true) : raw(text, after);
    case 'raw_string':
      return chars(text.slice(1, -1), true);
    case 'ansi_c_string':
      return chars(decodeAnsiC(text.slice(2, -1)), true);
    case 'string':
    case 'translated_string':
      return doubleQuoted(node, env);
    case 'simple_expansion':
    case 'expansion':
      return expansion(node, env, quoted);
    case 'concatenation':
    case 'command_name':
    case 'variable_assignment':
      return joined(node, env, quoted, after);
    case 'process_substitution':
    case 'arithmetic_expansion':
      return [{ wild: 'word', src: text }];
    default:
      // Command substitutions, brace ranges, extended globs, arrays and whatever the grammar adds later.
      return [{ wild: quoted ? 'word' : 'words', src: text }];
  }
}

/** Children side by side, with any text between them that the grammar left out of every child. */
function joined(node: Node, env: Env, quoted: boolean, after: string): Item[] {
  const out: Item[] = [];
  let at = node.startIndex;
  const source = node.text;
  const next = (index: number) => (index < node.endIndex ? source[index - node.startIndex] : after);
  const gap = (to: number) => {
    const text = source.slice(at - node.startIndex, to - node.startIndex);
    if (to > at) out.push(...(quoted ? chars(text, true) : raw(text, next(to))));
  };
  for (const child of node.children) {
    if (!child) continue;
    gap(child.startIndex);
    out.push(...itemsOf(child, env, quoted, next(child.endIndex)));
    at = child.endIndex;
  }
  gap(node.endIndex);
  return out;
}

function doubleQuoted(node: Node, env: Env): Item[] {
  const out: Item[] = [];
  const open = node.text.startsWith('$"') ? 2 : 1;
  let at = node.startIndex + open;
  const end = node.endIndex - (node.text.length > open && node.text.endsWith('"') ? 1 : 0);
  const next = (index: number) => node.text[index - node.startIndex] ?? '';
  const gap = (to: number) => {
    if (to > at) out.push(...doubleQuotedText(node.text.slice(at - node.startIndex, to - node.startIndex), next(to)));
  };
  for (const child of node.children) {
    if (!child || child.endIndex <= at || child.startIndex >= end) continue;
    gap(child.startIndex);
    if (child.type === 'string_content') out.push(...doubleQuotedText(child.text, next(child.endIndex)));
    else if (child.isNamed) out.push(...itemsOf(child, env, true));
    else out.push(...chars(child.text, true));
    at = child.endIndex;
  }
  gap(end);
  return out;
}

function expansion(node: Node, env: Env, quoted: boolean): Item[] {
  const found = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})$/.exec(node.text);
  const value = found ? env.get(found[1] ?? found[2]) : undefined;
  if (value === undefined) return [{ wild: quoted ? 'word' : 'words', src: node.text }];
  return quoted ? chars(value, true) : Array.from(value, (c) => ({ c, q: false, soft: true }));
}

const chars = (text: string, q: boolean): Item[] => Array.from(text, (c) => ({ c, q }));

/** Unquoted text: a backslash quotes the next character, and a backslash-newline pair vanishes. */
function raw(text: string, after = ''): Item[] {
  const out: Item[] = [];
  for (let i = 0; i < text.length; i++) {
    if (historyAt(text, i, after)) return [...out, { wild: 'words', src: text.slice(i) }];
    if (text[i] !== '\\' || i === text.length - 1) out.push({ c: text[i], q: false });
    else if (text[++i] !== '\n') out.push({ c: text[i], q: true });
  }
  return out;
}

/**
 * An interactive bash replaces `!!`, `!rm`, `!-2:1`… by words of earlier lines before it parses the line
 * (outside single quotes), so what follows such a `!` could be anything, even a closing quote.
 */
const historyAt = (text: string, i: number, after = '') => {
  const next = i + 1 < text.length ? text[i + 1] : after;
  return text[i] === '!' && next !== '' && !/[\s=("]/.test(next);
};

/** Double-quoted text up to a history expansion (a backslash before the `!` prevents it), which makes the rest unknown. */
function doubleQuotedText(text: string, after: string): Item[] {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (historyAt(text, i, after))
      return [...chars(unescapeDouble(text.slice(0, i)), true), { wild: 'words', src: text.slice(i) }];
  }
  return chars(unescapeDouble(text), true);
}

const unescapeDouble = (text: string) => text.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));

const ANSI: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export function decodeAnsiC(body: string): string {
  return body.replace(
    /\\(?:([abeEfnrtv\\'"?])|([0-7]{1,3})|x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|c(.))/gs,
    (whole, simple?: string, octal?: string, hex?: string, u4?: string, u8?: string, control?: string) => {
      if (simple) return ANSI[simple];
      const code = octal
        ? parseInt(octal, 8)
        : hex
          ? parseInt(hex, 16)
          : u4
            ? parseInt(u4, 16)
            : u8
              ? parseInt(u8, 16)
              : control
                ? control.charCodeAt(0) & 0x1f
                : NaN;
      return Number.isNaN(code) || code > 0x10ffff ? whole : String.fromCodePoint(code);
    },
  );
}

type Out = typeof SPLIT | { unit: Unit; shown: string };

/** Unquoted blanks split words; unquoted globs and brace lists become wildcards. */
function unitsOf(items: Item[]): Out[] {
  const out: Out[] = [];
  const plain = (i: number, c: string) => {
    const item = items[i];
    return item !== undefined && 'c' in item && !item.q && item.c === c;
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!('c' in item)) {
      out.push({ unit: { any: item.wild }, shown: item.src });
      continue;
    }
    if (item.q) {
      out.push({ unit: item.c, shown: item.c });
      continue;
    }
    if (/\s/.test(item.c)) {
      out.push(SPLIT);
      continue;
    }
    // A brace list is several words; a glob is one or more file names, each matching it, so within one
    // word it stands for one word's worth (a run of the rule made of several file names is not looked for).
    const close = item.c === '[' ? findPlain(items, i, ']') : item.c === '{' ? braceEnd(items, i, plain) : -1;
    if (close > i) {
      out.push({
        unit: { any: item.c === '{' ? 'words' : 'word' },
        shown: items
          .slice(i, close + 1)
          .map(shownOf)
          .join(''),
      });
      i = close;
    } else if (item.c === '*' || item.c === '?') out.push({ unit: { any: 'word' }, shown: item.c });
    else out.push({ unit: item.soft ? { soft: item.c } : item.c, shown: item.c });
  }
  return out;
}

const shownOf = (item: Item) => ('c' in item ? item.c : item.src);

function findPlain(items: Item[], from: number, c: string): number {
  for (let i = from + 2; i < items.length; i++) {
    const item = items[i];
    if ('c' in item && !item.q && item.c === c) return i;
  }
  return -1;
}

/** The `}` closing a brace expansion opened at `from` (a list with a comma or a `..` range), or -1. */
function braceEnd(items: Item[], from: number, plain: (i: number, c: string) => boolean): number {
  let depth = 0,
    expands = false;
  for (let i = from; i < items.length; i++) {
    if (plain(i, '{')) depth++;
    else if (plain(i, '}') && --depth === 0) return expands ? i : -1;
    else if (depth === 1 && (plain(i, ',') || (plain(i, '.') && plain(i + 1, '.')))) expands = true;
  }
  return -1;
}

function merge(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const unit of units) {
    const last = out[out.length - 1];
    if (typeof unit === 'string' && typeof last === 'string') out[out.length - 1] = last + unit;
    else if (typeof unit !== 'string' && 'soft' in unit && typeof last === 'object' && 'soft' in last)
      out[out.length - 1] = { soft: last.soft + unit.soft };
    else if (isWild(unit) && last !== undefined && isWild(last))
      out[out.length - 1] = { any: last.any === 'words' || unit.any === 'words' ? 'words' : 'word' };
    else out.push(unit);
  }
  return out;
}

/** What a word list runs besides itself (shell-wrappers.ts, shell-settings.ts): another command, a string the shell parses again, or its standard input. */
export type Wrapped =
  | { kind: 'command'; words: Word[] }
  /** `text` null: a string whose value is not known before it runs. `sameShell`: it sees this line's variables. */
  | { kind: 'script'; text: string | null; sameShell: boolean }
  | { kind: 'stdin' };

// A deny rule's regular expression as a small automaton (Thompson's construction), for the question a
// JavaScript RegExp cannot answer: could it match some string a glob stands for (regex-glob.ts)? Only the
// part of the syntax rules are written in is read: characters, escapes, classes, `.`, groups,
// alternation, quantifiers, `^`, `$`, `\b` and `\B`. Anything else (backreferences, lookaround, a
// quantifier too large to unroll) makes `compileRegex` answer null, and the caller then fails closed.

/** Ranges of UTF-16 code units, inclusive, sorted and disjoint. */
export type CharSet = [number, number][];

export type Edge =
  | { kind: 'char'; set: CharSet; to: number }
  | { kind: 'empty'; to: number }
  | { kind: 'assert'; what: 'start' | 'end' | 'boundary' | 'not-boundary'; to: number };

export interface Automaton {
  edges: Edge[][];
  start: number;
  accept: number;
}

const MAX_UNROLL = 64;
const MAX_STATES = 4000;
const DIGIT: CharSet = [[48, 57]];
export const WORD: CharSet = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: CharSet = normalise([
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
const LINE_ENDS: CharSet = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

class Unsupported extends Error {}

type Node =
  | { kind: 'set'; set: CharSet }
  | { kind: 'assert'; what: 'start' | 'end' | 'boundary' | 'not-boundary' }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

/** The automaton of `source` (as `new RegExp(source)` reads it, no flags), or null when it uses what is not read here. */
export function compileRegex(source: string): Automaton | null {
  try {
    const parser = new Parser(source);
    const tree = parser.alternation();
    if (parser.at < source.length) return null; // an unmatched `)`
    const builder = new Builder();
    const { start, end } = builder.fragment(tree);
    return { edges: builder.edges, start, accept: end };
  } catch (error) {
    if (error instanceof Unsupported || error instanceof SyntaxError) return null;
    throw error;
  }
}

export function setHas(set: CharSet, code: number): boolean {
  for (const [lo, hi] of set) if (code >= lo && code <= hi) return true;
  return false;
}

/** Whether `set` holds a character of `other`. */
export function setMeets(set: CharSet, other: CharSet): boolean {
  for (const [lo, hi] of set) for (const [lo2, hi2] of other) if (lo <= hi2 && lo2 <= hi) return true;
  return false;
}

export function complement(set: CharSet): CharSet {
  const out: CharSet = [];
  let next = 0;
  for (const [lo, hi] of normalise(set)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

function normalise(set: CharSet): CharSet {
  const sorted = [...set].sort((a, b) => a[0] - b[0]);
  const out: CharSet = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

class Parser {
  at = 0;
  constructor(private readonly src: string) {}

  private peek(offset = 0): string {
    return this.src[this.at + offset] ?? '';
  }

  alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { kind: 'seq', items };
  }

  private quantified(atom: Node): Node {
    let min: number, max: number;
    const c = this.peek();
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.at));
      if (!braces) return atom; // a `{` that is not a quantifier is itself (as browsers read it)
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
      if (max < min) throw new SyntaxError('numbers out of order');
      this.at += braces[0].length - 1;
    } else return atom;
    this.at++;
    if (this.peek() === '?') this.at++; // lazy or greedy: the same strings match
    if (atom.kind === 'assert') return atom;
    if (min > MAX_UNROLL || (max !== Infinity && max > MAX_UNROLL)) throw new Unsupported();
    return this.quantified({ kind: 'repeat', node: atom, min, max });
  }

  private atom(): Node {
    const c = this.peek();
    this.at++;
    switch (c) {
      case '(': {
        if (this.peek() === '?') {
          if (this.peek(1) === ':') this.at += 2;
          else if (this.peek(1) === '<' && /^<[A-Za-z_$][\w$]*>/.test(this.src.slice(this.at + 1)))
            this.at = this.src.indexOf('>', this.at) + 1;
          else throw new Unsupported(); // lookahead, lookbehind
        }
        const inner = this.alternation();
        if (this.peek() !== ')') throw new SyntaxError('unclosed group');
        this.at++;
        return inner;
      }
      case '[':
        return { kind: 'set', set: this.charClass() };
      case '.':
        return { kind: 'set', set: complement(LINE_ENDS) };
      case '^':
        return { kind: 'assert', what: 'start' };
      case '$':
        return { kind: 'assert', what: 'end' };
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        throw new SyntaxError('nothing to repeat');
      default:
        return { kind: 'set', set: [[c.charCodeAt(0), c.charCodeAt(0)]] };
    }
  }

  private escape(): Node {
    const c = this.peek();
    if (c === 'b') {
      this.at++;
      return { kind: 'assert', what: 'boundary' };
    }
    if (c === 'B') {
      this.at++;
      return { kind: 'assert', what: 'not-boundary' };
    }
    if (/[1-9]/.test(c) || c === 'k') throw new Unsupported(); // backreferences
    return { kind: 'set', set: this.classEscape() };
  }

  /** The characters an escape stands for (after the backslash), in or out of a class. */
  private classEscape(inClass = false): CharSet {
    const c = this.peek();
    this.at++;
    const code = (value: number): CharSet => [[value, value]];
    switch (c) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 't':
        return code(9);
      case 'n':
        return code(10);
      case 'v':
        return code(11);
      case 'f':
        return code(12);
      case 'r':
        return code(13);
      case 'b':
        return inClass ? code(8) : code(98);
      case '0':
        return code(0);
      case 'c': {
        const letter = this.peek();
        if (/[A-Za-z]/.test(letter)) {
          this.at++;
          return code(letter.charCodeAt(0) % 32);
        }
        this.at--; // `\c` not followed by a letter is a backslash and a `c`
        return code(92);
      }
      case 'x': {
        const hex = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.at));
        if (!hex) return code(120);
        this.at += 2;
        return code(parseInt(hex[0], 16));
      }
      case 'u': {
        const hex = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.at));
        if (!hex) return code(117);
        this.at += 4;
        return code(parseInt(hex[0], 16));
      }
      case '':
        throw new SyntaxError('\\ at end of pattern');
      default:
        return code(c.charCodeAt(0));
    }
  }

  private charClass(): CharSet {
    let negate = false;
    if (this.peek() === '^') {
      negate = true;
      this.at++;
    }
    const ranges: CharSet = [];
    const single = (): CharSet | number => {
      const c = this.peek();
      if (c === '') throw new SyntaxError('unclosed class');
      this.at++;
      if (c !== '\\') return c.charCodeAt(0);
      const set = this.classEscape(true);
      return set.length === 1 && set[0][0] === set[0][1] ? set[0][0] : set;
    };
    while (this.peek() !== ']') {
      const from = single();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== '') {
        this.at++;
        const to = single();
        if (typeof from === 'number' && typeof to === 'number') {
          if (to < from) throw new SyntaxError('range out of order');
          ranges.push([from, to]);
          continue;
        }
        // `[\w-x]`: a class escape beside `-` leaves the dash literal.
        for (const part of [from, 45, to]) {
          if (typeof part === 'number') ranges.push([part, part]);
          else ranges.push(...part);
        }
        continue;
      }
      if (typeof from === 'number') ranges.push([from, from]);
      else ranges.push(...from);
    }
    this.at++;
    const set = normalise(ranges);
    return negate ? complement(set) : set;
  }
}

class Builder {
  readonly edges: Edge[][] = [];

  private state(): number {
    if (this.edges.length >= MAX_STATES) throw new Unsupported();
    this.edges.push([]);
    return this.edges.length - 1;
  }

  fragment(node: Node): { start: number; end: number } {
    const start = this.state();
    const end = this.state();
    this.build(node, start, end);
    return { start, end };
  }

  private build(node: Node, from: number, to: number): void {
    switch (node.kind) {
      case 'set':
        this.edges[from].push({ kind: 'char', set: node.set, to });
        return;
      case 'assert':
        this.edges[from].push({ kind: 'assert', what: node.what, to });
        return;
      case 'alt':
        for (const option of node.options) this.build(option, from, to);
        return;
      case 'seq': {
        let at = from;
        node.items.forEach((item, i) => {
          const next = i === node.items.length - 1 ? to : this.state();
          this.build(item, at, next);
          at = next;
        });
        if (!node.items.length) this.edges[from].push({ kind: 'empty', to });
        return;
      }
      case 'repeat': {
        let at = from;
        for (let i = 0; i < node.min; i++) {
          const next = this.state();
          this.build(node.node, at, next);
          at = next;
        }
        if (node.max === Infinity) {
          const loop = this.state();
          this.edges[at].push({ kind: 'empty', to: loop });
          this.build(node.node, loop, loop);
          this.edges[loop].push({ kind: 'empty', to });
          return;
        }
        for (let i = node.min; i < node.max; i++) {
          this.edges[at].push({ kind: 'empty', to });
          const next = this.state();
          this.build(node.node, at, next);
          at = next;
        }
        this.edges[at].push({ kind: 'empty', to });
      }
    }
  }
}

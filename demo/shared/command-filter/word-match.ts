// Whether a command rule's words ("rm -rf") can appear as a run of a command's words, when some of those
// words are wildcards (shell-word-value.ts). The command becomes one pattern, its words joined by blanks,
// and the question is whether some value of it holds the rule at word boundaries; a wildcard that may
// hold blanks may stand for several words. A wildcard alone does not make a match, or `cd $HOME` would
// match every rule: the run must start at the command word (its last path part counts: `/bin/rm`), or
// at least one of the rule's characters must meet a literal one of the command.
import { isWild, type Word } from './shell-word-value.ts';

const ANY = -1,
  ONE = -2,
  BLANK = 32,
  SLASH = 47;
/** A soft character (shell-word-value.ts): itself or a word break; coded below ONE. */
const soft = (code: number) => -3 - code;
const isSoft = (code: number) => code <= -3;

/** The command's words as character codes, wildcards as ANY (may hold blanks) or ONE (one word). */
export function commandPattern(words: Word[]): Int32Array {
  const out: number[] = [];
  const push = (code: number) => {
    const last = out[out.length - 1];
    if (code === BLANK && (last === undefined || last === BLANK)) return;
    if (code < 0 && !isSoft(code) && last !== undefined && last < 0 && !isSoft(last))
      out[out.length - 1] = Math.max(last, code);
    else out.push(code);
  };
  for (const word of words) {
    push(BLANK);
    for (const unit of word.units) {
      if (isWild(unit)) push(unit.any === 'words' ? ANY : ONE);
      else if (typeof unit !== 'string') for (let i = 0; i < unit.soft.length; i++) push(soft(unit.soft.charCodeAt(i)));
      else for (let i = 0; i < unit.length; i++) push(/\s/.test(unit[i]) ? BLANK : unit.charCodeAt(i));
    }
  }
  if (out[out.length - 1] === BLANK) out.pop();
  return Int32Array.from(out);
}

export const hasWildcard = (pattern: Int32Array) => pattern.some((code) => code === ANY || code === ONE);
/** Some character is not known before the command runs: a wildcard, or a constant's that $IFS may split. */
export const isInexact = (pattern: Int32Array) => pattern.some((code) => code < 0);

// States of the rule's side: before it (at the start, inside the first word, anywhere), its characters,
// after it (right at its end, or past a blank).
const START = 0,
  FIRST_WORD = 1,
  ANYWHERE = 2,
  RULE = 3;
const ANCHORED = 1,
  TOUCHED = 2;

/** `rule`: the rule line's words joined by single blanks. */
export function ruleMatches(rule: string, command: Int32Array): boolean {
  const n = rule.length,
    m = command.length;
  const ended = RULE + n,
    after = RULE + n + 1;
  const seen = new Uint8Array((RULE + n + 2) * (m + 1) * 4);
  const stack: number[] = [];
  const push = (a: number, j: number, flags: number) => {
    const key = (a * (m + 1) + j) * 4 + flags;
    if (!seen[key]) {
      seen[key] = 1;
      stack.push(a, j, flags);
    }
  };
  // Whether the command's code at j can be character c (a wildcard can be any, ONE any but a blank).
  const fits = (code: number, c: number) =>
    code >= 0 ? c === code : isSoft(code) ? c === soft(code) || c === BLANK : code === ANY || c !== BLANK;
  push(START, 0, 0);
  while (stack.length) {
    const flags = stack.pop()!,
      j = stack.pop()!,
      a = stack.pop()!;
    if (j === m && (a === ended || a === after) && flags) return true;
    const code = j < m ? command[j] : 0;
    const wild = code === ANY || code === ONE;
    if (j < m && wild) push(a, j + 1, flags); // a wildcard may be empty
    if (a === START) {
      push(RULE, j, flags | ANCHORED);
      push(FIRST_WORD, j, flags);
      push(ANYWHERE, j, flags);
    }
    if (j === m) continue;
    const next = wild ? j : j + 1; // a wildcard stays to take more characters
    if (a === FIRST_WORD) {
      if (code !== BLANK) push(FIRST_WORD, next, flags);
      if (fits(code, SLASH)) push(RULE, next, flags | ANCHORED);
    } else if (a === ANYWHERE) {
      push(ANYWHERE, next, flags);
      if (fits(code, BLANK) || fits(code, SLASH)) push(RULE, next, flags);
    } else if (a >= RULE && a < ended) {
      const c = rule.charCodeAt(a - RULE);
      const literal = code >= 0 || (isSoft(code) && c === soft(code));
      if (fits(code, c)) push(a + 1, next, flags | (literal && c !== BLANK ? TOUCHED : 0));
    } else if (a === ended) {
      if (fits(code, BLANK)) push(after, next, flags);
    } else if (a === after) push(after, next, flags);
  }
  return false;
}

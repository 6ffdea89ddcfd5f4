// Whether a deny `regex` rule could match a command some of whose words are not known before it runs (a
// glob, a variable, a substitution): `/sbin/mk?s -V` is `mkfs` to a `mkfs` rule, though the regex never
// matches the text as typed. The command is the pattern word-match.ts builds (its words joined by blanks,
// each wildcard standing for any characters it could hold, a constant split on $IFS for its characters
// or blanks), and the rule's automaton (regex-automaton.ts) is run over it, a wildcard taking whatever
// characters let the regex go on. As for command rules, a match made only of a wildcard's characters
// counts only where it starts the command word (its last path part counts), or `cd $HOME` would match
// every rule: otherwise the match must take at least one character the command spells out.
// A regex the automaton cannot read, or a search past its budget, counts as a match (fail closed).
import { setHas, setMeets, complement, WORD, type Automaton, type CharSet } from './regex-automaton.ts';

const ANY = -1, ONE = -2, BLANK = 32, SLASH = 47;
const isSoft = (code: number) => code <= -3;
const softChar = (code: number) => -3 - code;

// What the character before a position was, for `\b`: none (the start), a word character, or another.
const START = 0, WORDY = 1, OTHER = 2;
// What the next character may be, after assertions: a bit each.
const NEXT_WORD = 1, NEXT_OTHER = 2, NEXT_END = 4, NEXT_ANY = 7;
const ANCHORED = 1, TOUCHED = 2;
/** Search states before giving up (and answering "could match"). */
const BUDGET = 200_000;

const NOT_WORD = complement(WORD);
const NOT_WORD_OR_BLANK = complement([...WORD, [BLANK, BLANK]].sort((a, b) => a[0] - b[0]) as CharSet);
const classOf = (code: number) => (setHas(WORD, code) ? WORDY : OTHER);
const allows = (next: number, cls: number) => (next & (cls === WORDY ? NEXT_WORD : NEXT_OTHER)) !== 0;

/** `automaton` null: the rule's regex is not one this can read. */
export function regexCouldMatch(automaton: Automaton | null, command: Int32Array): boolean {
  if (!automaton) return true;
  const m = command.length;
  const seen = new Set<number>();
  const stack: number[] = [];
  let budget = BUDGET;
  // A state inside the match: automaton state, position, the class before it, what may come next, flags.
  const push = (s: number, j: number, prev: number, next: number, flags: number) => {
    const key = ((((s * (m + 1) + j) * 3 + prev) * 8 + next) * 4) + flags;
    if (seen.has(key)) return;
    seen.add(key);
    stack.push(s, j, prev, next, flags);
  };
  // The characters a position can give, as (code or class choice): a literal one, a soft one (itself or
  // a blank), or a wildcard's (any character, staying at the wildcard to give more).
  const choices = (code: number): { set: CharSet; literal: boolean; stay: boolean }[] => {
    if (code >= 0) return [{ set: [[code, code]], literal: true, stay: false }];
    if (isSoft(code)) return [{ set: [[softChar(code), softChar(code)]], literal: true, stay: false }, { set: [[BLANK, BLANK]], literal: false, stay: false }];
    const sets: CharSet[] = code === ANY ? [WORD, NOT_WORD] : [WORD, NOT_WORD_OR_BLANK];
    return sets.map((set) => ({ set, literal: false, stay: true }));
  };
  // Starts: at the start of the command (anchored), or after any prefix of it; in its first word right
  // after a character that could be `/`, anchored too (`/sbin/mk?s`).
  const prefixSeen = new Set<number>();
  const prefix: number[] = [];
  const visit = (j: number, prev: number, first: number) => {
    const key = (j * 3 + prev) * 2 + first;
    if (prefixSeen.has(key)) return;
    prefixSeen.add(key);
    prefix.push(j, prev, first);
  };
  visit(0, START, 1);
  while (prefix.length) {
    const first = prefix.pop()!, prev = prefix.pop()!, j = prefix.pop()!;
    push(automaton.start, j, prev, NEXT_ANY, prev === START ? ANCHORED : 0);
    if (j === m) continue;
    const code = command[j];
    if (code === ANY || code === ONE) visit(j + 1, prev, first); // the wildcard may be empty
    for (const choice of choices(code)) {
      const to = choice.stay ? j : j + 1;
      for (const cls of [WORDY, OTHER]) {
        if (!setMeets(choice.set, cls === WORDY ? WORD : NOT_WORD)) continue;
        const onlyBlank = choice.set.length === 1 && choice.set[0][0] === BLANK && choice.set[0][1] === BLANK;
        if (first && cls === OTHER && setHas(choice.set, SLASH)) push(automaton.start, to, OTHER, NEXT_ANY, ANCHORED);
        visit(to, cls, first && !onlyBlank ? 1 : 0);
      }
    }
  }
  while (stack.length) {
    if (--budget < 0) return true;
    const flags = stack.pop()!, next = stack.pop()!, prev = stack.pop()!, j = stack.pop()!, s = stack.pop()!;
    if (s === automaton.accept && flags && canContinue(command, j, next)) return true;
    const code = j < m ? command[j] : 0;
    if (j < m && (code === ANY || code === ONE)) push(s, j + 1, prev, next, flags);
    for (const edge of automaton.edges[s]) {
      if (edge.kind === 'empty') push(edge.to, j, prev, next, flags);
      else if (edge.kind === 'assert') {
        const after = assertion(edge.what, prev, next);
        if (after) push(edge.to, j, prev, after, flags);
      } else if (j < m) {
        for (const choice of choices(code)) {
          for (const cls of [WORDY, OTHER]) {
            if (!allows(next, cls) || !setMeets(edge.set, choice.set)) continue;
            const common = intersect(edge.set, choice.set);
            if (!setMeets(common, cls === WORDY ? WORD : NOT_WORD)) continue;
            const touched = choice.literal && !(common.length === 1 && common[0][0] === BLANK && common[0][1] === BLANK);
            push(edge.to, choice.stay ? j : j + 1, cls, NEXT_ANY, flags | (touched ? TOUCHED : 0));
          }
        }
      }
    }
  }
  return false;
}

/** What may follow once an assertion holds here (0: it cannot hold). */
function assertion(what: 'start' | 'end' | 'boundary' | 'not-boundary', prev: number, next: number): number {
  switch (what) {
    case 'start': return prev === START ? next : 0;
    case 'end': return next & NEXT_END;
    case 'boundary': return next & (prev === WORDY ? NEXT_OTHER | NEXT_END : NEXT_WORD);
    case 'not-boundary': return next & (prev === WORDY ? NEXT_WORD : NEXT_OTHER | NEXT_END);
  }
}

/** Whether the command from `j` on can begin with what `next` allows (its end included). */
function canContinue(command: Int32Array, j: number, next: number): boolean {
  for (let i = j; i < command.length; i++) {
    const code = command[i];
    if (code === ANY || code === ONE) {
      if (next & (NEXT_WORD | NEXT_OTHER)) return true;
      continue; // empty: what follows it decides
    }
    if (isSoft(code)) return allows(next, classOf(softChar(code))) || allows(next, OTHER);
    return allows(next, classOf(code));
  }
  return (next & NEXT_END) !== 0;
}

function intersect(a: CharSet, b: CharSet): CharSet {
  const out: CharSet = [];
  for (const [lo, hi] of a) for (const [lo2, hi2] of b) {
    const from = Math.max(lo, lo2), to = Math.min(hi, hi2);
    if (from <= to) out.push([from, to]);
  }
  return out;
}

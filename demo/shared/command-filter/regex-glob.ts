// Whether a deny `regex` rule could match a command some of whose words are not known before it runs (a
// glob, a variable, a substitution): `/sbin/mk?s -V` is `mkfs` to a `mkfs` rule, though the regex never
// matches the text as typed. The command is the pattern word-match.ts builds (its words joined by blanks,
// each wildcard standing for any characters it could hold, a constant split on $IFS for its characters
// or blanks), and the rule's automaton (regex-automaton.ts) is run over it, a wildcard taking whatever
// characters let the regex go on. As for command rules, a match made only of a wildcard's characters
// counts only where it starts the command word (its last path part counts), or `cd $HOME` would match
// every rule: otherwise the match must take at least one character the command spells out.
// A regex the automaton cannot read, or a search past its budget, counts as a match (fail closed).
import { setHas, setMeets, complement, WORD, type Automaton, type Edge } from './regex-automaton.ts';

const ANY = -1,
  ONE = -2,
  BLANK = 32,
  SLASH = 47;
const isSoft = (code: number) => code <= -3;
const softChar = (code: number) => -3 - code;

// What the character before a position was, for `\b`: none (the start), a word character, or another.
const START = 0,
  WORDY = 1,
  OTHER = 2;
// What the next character may be, after assertions: a bit each.
const NEXT_WORD = 1,
  NEXT_OTHER = 2,
  NEXT_END = 4,
  NEXT_ANY = 7;
const ANCHORED = 1,
  TOUCHED = 2;
/** Search steps before giving up (and answering "could match"). */
const BUDGET = 400_000;

const NOT_WORD = complement(WORD);
const NOT_WORD_OR_BLANK = complement([[BLANK, BLANK], ...WORD]);
const classOf = (code: number) => (setHas(WORD, code) ? WORDY : OTHER);
const allows = (next: number, cls: number) => (next & (cls === WORDY ? NEXT_WORD : NEXT_OTHER)) !== 0;

/** One character a position of the command can give: a literal one, or any of a class (a wildcard's). */
interface Choice {
  code: number;
  cls: number;
  literal: boolean;
  stay: boolean;
  blankOk: boolean;
}

/** What a character edge of the automaton takes of each class, worked out once per automaton. */
interface EdgeClasses {
  word: boolean;
  other: boolean;
  otherNotBlank: boolean;
}
const edgeClasses = new WeakMap<Edge, EdgeClasses>();
function classesOf(edge: Edge & { kind: 'char' }): EdgeClasses {
  let known = edgeClasses.get(edge);
  if (!known) {
    known = {
      word: setMeets(edge.set, WORD),
      other: setMeets(edge.set, NOT_WORD),
      otherNotBlank: setMeets(edge.set, NOT_WORD_OR_BLANK),
    };
    edgeClasses.set(edge, known);
  }
  return known;
}

const assertive = new WeakMap<Automaton, boolean>();
function hasAssertions(automaton: Automaton): boolean {
  let known = assertive.get(automaton);
  if (known === undefined) {
    known = automaton.edges.some((edges) => edges.some((edge) => edge.kind === 'assert'));
    assertive.set(automaton, known);
  }
  return known;
}

/** The characters position `code` can give. */
function choicesOf(code: number): Choice[] {
  if (code >= 0) return [{ code, cls: classOf(code), literal: code !== BLANK, stay: false, blankOk: true }];
  if (isSoft(code)) {
    const c = softChar(code);
    return [
      { code: c, cls: classOf(c), literal: c !== BLANK, stay: false, blankOk: true },
      { code: BLANK, cls: OTHER, literal: false, stay: false, blankOk: true },
    ];
  }
  // A wildcard: a word character or another (a blank too, where it may hold several words), staying put.
  return [
    { code: -1, cls: WORDY, literal: false, stay: true, blankOk: code === ANY },
    { code: -1, cls: OTHER, literal: false, stay: true, blankOk: code === ANY },
  ];
}

/** Whether `edge` takes a character `choice` can be. */
function takes(edge: Edge & { kind: 'char' }, choice: Choice): boolean {
  if (choice.code >= 0) return setHas(edge.set, choice.code);
  const classes = classesOf(edge);
  return choice.cls === WORDY ? classes.word : choice.blankOk ? classes.other : classes.otherNotBlank;
}

/** `automaton` null: the rule's regex is not one this can read. */
export function regexCouldMatch(automaton: Automaton | null, command: Int32Array): boolean {
  if (!automaton) return true;
  const m = command.length;
  // Without assertions the class before a position and what may follow do not matter: fewer states.
  const tracks = hasAssertions(automaton);
  const choices = Array.from(command, choicesOf);
  const seen = new Set<number>();
  const stack: number[] = [];
  let budget = BUDGET;
  // A state inside the match: automaton state, position, the class before it, what may come next, flags.
  const push = (s: number, j: number, prev: number, next: number, flags: number) => {
    if (!tracks) [prev, next] = [START, NEXT_ANY];
    const key = (((s * (m + 1) + j) * 3 + prev) * 8 + next) * 4 + flags;
    if (seen.has(key)) return;
    seen.add(key);
    stack.push(s, j, prev, next, flags);
  };
  // Starts: at the start of the command (anchored), or after any prefix of it; in its first word right
  // after a character that could be `/`, anchored too (`/sbin/mk?s`).
  const prefixSeen = new Set<number>();
  const prefix: number[] = [];
  const visit = (j: number, prev: number, first: number) => {
    if (!tracks && prev !== START) prev = OTHER;
    const key = (j * 3 + prev) * 2 + first;
    if (prefixSeen.has(key)) return;
    prefixSeen.add(key);
    prefix.push(j, prev, first);
  };
  visit(0, START, 1);
  while (prefix.length) {
    const first = prefix.pop()!,
      prev = prefix.pop()!,
      j = prefix.pop()!;
    push(automaton.start, j, prev, NEXT_ANY, prev === START ? ANCHORED : 0);
    if (j === m) continue;
    const code = command[j];
    if (code === ANY || code === ONE) visit(j + 1, prev, first); // the wildcard may be empty
    for (const choice of choices[j]) {
      const to = choice.stay ? j : j + 1;
      const slash = choice.code === SLASH || (choice.code < 0 && choice.cls === OTHER);
      if (first && slash) push(automaton.start, to, OTHER, NEXT_ANY, ANCHORED);
      visit(to, choice.cls, first && choice.code !== BLANK ? 1 : 0);
    }
  }
  while (stack.length) {
    if (--budget < 0) return true;
    const flags = stack.pop()!,
      next = stack.pop()!,
      prev = stack.pop()!,
      j = stack.pop()!,
      s = stack.pop()!;
    if (s === automaton.accept && flags && canContinue(command, j, next)) return true;
    const code = j < m ? command[j] : 0;
    if (j < m && (code === ANY || code === ONE)) push(s, j + 1, prev, next, flags);
    for (const edge of automaton.edges[s]) {
      if (edge.kind === 'empty') push(edge.to, j, prev, next, flags);
      else if (edge.kind === 'assert') {
        const after = assertion(edge.what, prev, next);
        if (after) push(edge.to, j, prev, after, flags);
      } else if (j < m) {
        for (const choice of choices[j]) {
          if (!allows(next, choice.cls) || !takes(edge, choice)) continue;
          push(edge.to, choice.stay ? j : j + 1, choice.cls, NEXT_ANY, flags | (choice.literal ? TOUCHED : 0));
        }
      }
    }
  }
  return false;
}

/** What may follow once an assertion holds here (0: it cannot hold). */
function assertion(what: 'start' | 'end' | 'boundary' | 'not-boundary', prev: number, next: number): number {
  switch (what) {
    case 'start':
      return prev === START ? next : 0;
    case 'end':
      return next & NEXT_END;
    case 'boundary':
      return next & (prev === WORDY ? NEXT_OTHER | NEXT_END : NEXT_WORD);
    case 'not-boundary':
      return next & (prev === WORDY ? NEXT_WORD : NEXT_OTHER | NEXT_END);
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

// Command filter rules of a system user. Rules are taken in priority order (the server's
// `cmd-filter-rules/` answer: highest first, deny before allow at equal priority). A line is allowed only if
// every simple command the shell will run from it is allowed (shell-words.ts), and for each one the first
// rule that matches it decides; no match allows. A deny rule sees through quoting and wrappers:
// - a `command` rule (one pattern per content line) matches when the line's words are a run of the
//   command's words, a word not known until it runs standing for any word (word-match.ts), or when 2.3's
//   word-bounded pattern is found in the command's unquoted text or in the raw line;
// - a `regex` rule matches the raw line or the command's unquoted text (words joined by single blanks),
//   or, for a command with words not known until it runs, some text those words could become
//   (regex-glob.ts: `/sbin/mk?s` is `mkfs` to a `mkfs` rule);
// - a command nothing is known of (`… | sh`, `eval "$x"`) matches every deny rule.
// Allow rules, and any other action, match as 2.3 matches them: their pattern in the command as typed.
// Whatever 2.3 refused (the first rule found in the raw line being a deny) stays refused. A line that does
// not parse is refused when a deny rule matches the raw line, a command the parser recovered, or its words
// with quotes and backslashes removed; otherwise it is allowed.
import { loadShellParser } from './shell-parser.ts';
import { analyseLine, type SimpleCommand } from './shell-words.ts';
import { isIncomplete } from './shell-incomplete.ts';
import { tolerantCommands } from './shell-tolerant.ts';
import { compileRegex, type Automaton } from './regex-automaton.ts';
import { regexCouldMatch } from './regex-glob.ts';
import { commandPattern, hasWildcard, isInexact, ruleMatches } from './word-match.ts';

export interface FilterRule {
  id?: string;
  type: string;
  content: string;
  priority?: number;
  action: number | string;
  comment?: string;
}

/** `check` always sets every field it knows of; the optional ones stay optional for `{ allowed: true }` stand-ins. */
export interface Verdict {
  allowed: boolean;
  /** The rule that decided (the refusing deny rule, or the allow rule 2.3 would have applied). */
  rule?: FilterRule;
  /** The text the rule matched: its words or the part its pattern found. */
  matched?: string;
  /** The simple command the rule refused, as typed (part of the line, or of a string a wrapper runs). */
  command?: string;
  /**
   * `rule`: the rule matched; `wildcard`: only through a word not known until it runs (a variable, a
   * command substitution, a glob), which could be the rule's; `unknown-command`: the command itself is not
   * known (a script from a pipe, a string built when it runs); `too-long`: over 32 KiB, not parsed;
   * `no-match`.
   */
  reason?: 'rule' | 'wildcard' | 'unknown-command' | 'too-long' | 'no-match';
  /** False when the line did not parse (judged by the fail-closed rule above), or the parser was not loaded. */
  parsed?: boolean;
  /** The shell would wait for more lines before running anything (only looked at when `parsed` is false). */
  incomplete?: boolean;
}

export { isIncomplete };
/**
 * Resolves once the shell parser is loaded (it starts loading when this module is imported); the terminal
 * awaits it at start, the server before it judges batch commands (demo/server/ops/command-executions.ts).
 * Until then `check` judges every line as one that did not parse (`parsed: false`).
 */
export const ready = loadShellParser;
ready().catch(() => undefined); // the importer's own `await ready()` reports a failure

const DENY = 0;
const MAX_TEXT = 32 * 1024;
interface Compiled {
  rule: FilterRule;
  deny: boolean;
  pattern: RegExp | null;
  lines: string[];
  /** A deny regex rule's automaton, for commands with words not known until they run (null: not readable). */
  automaton?: Automaton | null;
}
type Refusal = { matched: string; reason: NonNullable<Verdict['reason']> };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const contentLines = (rule: FilterRule) =>
  rule.content
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** 2.3's pattern of a rule: for `command`, each line word-bounded, blanks matching any run of blanks. */
export function rulePattern(rule: FilterRule): RegExp | null {
  let source = rule.content;
  if (rule.type === 'command') {
    source = contentLines(rule)
      .map((line) => {
        const words = escape(line).replace(/\s+/g, '\\s+');
        // A trailing word character gets a closing boundary ("rm" must not match "rmdir").
        return /\w$/.test(line) ? `\\b${words}\\b` : `\\b${words}`;
      })
      .join('|');
    if (!source) return null;
  }
  try {
    return new RegExp(source);
  } catch {
    return null; // a rule that does not compile never matches, as in 2.3
  }
}

export class CommandFilter {
  private readonly compiled: Compiled[];

  constructor(rules: FilterRule[]) {
    const ordered = [...rules].sort(
      (a, b) => (b.priority ?? 50) - (a.priority ?? 50) || Number(a.action) - Number(b.action),
    );
    this.compiled = ordered.map((rule) => {
      const deny = Number(rule.action) === DENY;
      const pattern = rulePattern(rule);
      return {
        rule,
        deny,
        pattern,
        lines: rule.type === 'command' ? contentLines(rule).map((line) => line.split(/\s+/).join(' ')) : [],
        ...(deny && pattern && rule.type !== 'command' ? { automaton: compileRegex(rule.content) } : {}),
      };
    });
  }

  check(text: string): Verdict {
    if (text.length > MAX_TEXT) return this.tooLong(text);
    let analysis: ReturnType<typeof analyseLine> = null;
    try {
      analysis = analyseLine(text);
    } catch {
      // A tree shape this code does not expect must not end the session: judge the line as unparsed.
    }
    if (!analysis?.parsed) return this.unparsed(text, analysis?.commands ?? []);
    for (const command of analysis.commands) {
      const verdict = this.decide(command, text);
      if (verdict) return verdict;
    }
    const legacy = this.compiled.find((rule) => rule.pattern?.test(text));
    if (legacy?.deny)
      return this.refused(legacy, { matched: legacy.pattern!.exec(text)![0], reason: 'rule' }, text, true);
    return {
      allowed: true,
      rule: legacy?.rule,
      matched: legacy && legacy.pattern!.exec(text)![0],
      reason: legacy ? 'rule' : 'no-match',
      parsed: true,
      incomplete: false,
    };
  }

  /**
   * Text that is not a shell line (a program's command line), judged as 2.3 judged every line: the first
   * rule whose pattern is found in it decides.
   */
  checkText(text: string): Verdict {
    const found = this.compiled.find((rule) => rule.pattern?.test(text));
    if (found?.deny)
      return this.refused(found, { matched: found.pattern!.exec(text)![0], reason: 'rule' }, text, false);
    return { allowed: true, rule: found?.rule, reason: found ? 'rule' : 'no-match', parsed: false, incomplete: false };
  }

  /** Something that runs commands the door cannot see (a shell inside a program): refused by any deny rule. */
  checkUnknown(text: string): Verdict {
    const deny = this.compiled.find((compiled) => compiled.deny);
    if (!deny) return { allowed: true, reason: 'no-match', parsed: false, incomplete: false };
    return this.refused(deny, { matched: text, reason: 'unknown-command' }, text, false);
  }

  /** The refusal of the first rule that matches the command, if that rule is a deny rule. */
  private decide(command: SimpleCommand, line: string): Verdict | null {
    const words = commandPattern(command.words);
    const unquoted = command.words.map((word) => word.shown).join(' ');
    for (const compiled of this.compiled) {
      if (!compiled.deny) {
        // An allow rule approves a command it can read; what an unknown one runs is not that text.
        if (!command.unknown && compiled.pattern?.test(command.text)) return null;
        continue;
      }
      const refusal = this.denies(compiled, command, words, unquoted, line);
      if (refusal) return this.refused(compiled, refusal, command.text, true);
    }
    return null;
  }

  private denies(
    compiled: Compiled,
    command: SimpleCommand,
    words: Int32Array,
    unquoted: string,
    line: string,
  ): Refusal | null {
    if (command.unknown) return { matched: command.text, reason: 'unknown-command' };
    const found = compiled.pattern?.exec(unquoted) ?? compiled.pattern?.exec(line);
    if (found) return { matched: found[0], reason: 'rule' };
    // Some text the unknown words could become matches the regex (a glob is the file names it matches).
    if (compiled.automaton !== undefined && isInexact(words) && regexCouldMatch(compiled.automaton, words))
      return { matched: command.text, reason: 'wildcard' };
    const run = compiled.lines.find((rule) => ruleMatches(rule, words));
    return run === undefined ? null : { matched: run, reason: hasWildcard(words) ? 'wildcard' : 'rule' };
  }

  private unparsed(line: string, recovered: SimpleCommand[]): Verdict {
    const candidates = [...recovered, ...tolerantCommands(line)].map((command) => ({
      command,
      words: commandPattern(command.words),
      unquoted: command.words.map((word) => word.shown).join(' '),
    }));
    const incomplete = isIncomplete(line);
    for (const compiled of this.compiled) {
      if (!compiled.deny) continue;
      for (const { command, words, unquoted } of candidates) {
        const refusal = this.denies(compiled, command, words, unquoted, line);
        if (refusal) return { ...this.refused(compiled, refusal, command.text, false), incomplete };
      }
      const found = compiled.pattern?.exec(line);
      if (found) return { ...this.refused(compiled, { matched: found[0], reason: 'rule' }, line, false), incomplete };
    }
    return { allowed: true, reason: 'no-match', parsed: false, incomplete };
  }

  /** Judging a pasted megabyte would hold every session of this terminal: past a size, deny rules refuse it. */
  private tooLong(line: string): Verdict {
    const deny = this.compiled.find((compiled) => compiled.deny);
    if (!deny) return { allowed: true, reason: 'no-match', parsed: false, incomplete: false };
    return this.refused(deny, { matched: '', reason: 'too-long' }, line.slice(0, 80), false);
  }

  private refused(compiled: Compiled, refusal: Refusal, command: string, parsed: boolean): Verdict {
    return {
      allowed: false,
      rule: compiled.rule,
      matched: refusal.matched,
      command,
      reason: refusal.reason,
      parsed,
      incomplete: false,
    };
  }
}

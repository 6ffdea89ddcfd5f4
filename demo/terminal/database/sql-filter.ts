// Command filter rules of a database system user, applied to SQL statements (one statement at a time:
// sql-text.ts splits them, and the connection refuses a second statement in one query). Rules are taken
// in priority order, and the first rule that matches decides; no match allows, as for shell lines
// (../command-filter.ts). SQL's words are not case sensitive, so a deny rule matches without regard to
// case, in the statement as typed and in its words as the server reads them (comments out, executable
// comments in: sqlWords). An allow rule matches as 2.3 matches it: its pattern in the statement as typed.
//
// With any deny rule in force, a statement whose SQL is built when it runs (PREPARE … FROM @variable,
// EXECUTE IMMEDIATE of anything but a string) cannot be judged, and is refused: the door fails closed.
import { rulePattern, type FilterRule } from '../../shared/command-filter/command-filter.ts';
import { sqlWords } from './sql-text.ts';

export interface SqlVerdict {
  allowed: boolean;
  rule?: FilterRule;
  /** What the rule found, or the statement's head for the refusals without a rule text. */
  matched?: string;
  reason: 'rule' | 'dynamic' | 'too-long' | 'no-match';
}

const DENY = 0;
/** A pasted megabyte is not judged word by word: past this size, any deny rule refuses it. */
const MAX_TEXT = 64 * 1024;
const DYNAMIC = /^(?:prepare\s+\S+\s+from\s+(?!['"])|execute\s+immediate\s+(?!['"]))/i;

interface Compiled {
  rule: FilterRule;
  deny: boolean;
  asTyped: RegExp | null;
  anyCase: RegExp | null;
}

export class SqlFilter {
  private readonly compiled: Compiled[];
  readonly hasDenyRules: boolean;

  constructor(rules: FilterRule[]) {
    const ordered = [...rules].sort(
      (a, b) => (b.priority ?? 50) - (a.priority ?? 50) || Number(a.action) - Number(b.action),
    );
    this.compiled = ordered.map((rule) => {
      const asTyped = rulePattern(rule);
      let anyCase: RegExp | null = null;
      try {
        anyCase = asTyped && new RegExp(asTyped.source, 'i');
      } catch {
        /* never matches, as in 2.3 */
      }
      return { rule, deny: Number(rule.action) === DENY, asTyped, anyCase };
    });
    this.hasDenyRules = this.compiled.some((entry) => entry.deny);
  }

  check(statement: string): SqlVerdict {
    if (this.hasDenyRules && statement.length > MAX_TEXT) {
      return {
        allowed: false,
        rule: this.compiled.find((entry) => entry.deny)!.rule,
        matched: statement.slice(0, 80),
        reason: 'too-long',
      };
    }
    const words = sqlWords(statement);
    for (const entry of this.compiled) {
      if (!entry.deny) {
        if (entry.asTyped?.test(statement))
          return { allowed: true, rule: entry.rule, matched: entry.asTyped.exec(statement)![0], reason: 'rule' };
        continue;
      }
      const found = entry.anyCase?.exec(statement) ?? entry.anyCase?.exec(words);
      if (found) return { allowed: false, rule: entry.rule, matched: found[0], reason: 'rule' };
    }
    if (this.hasDenyRules && DYNAMIC.test(words)) {
      return {
        allowed: false,
        rule: this.compiled.find((entry) => entry.deny)!.rule,
        matched: words.slice(0, 80),
        reason: 'dynamic',
      };
    }
    return { allowed: true, reason: 'no-match' };
  }
}

// Command filter rules of a system user, as 2.3 matches them: rules in priority order (the server's
// `cmd-filter-rules/` answer, highest first), the first rule whose pattern is found in the line decides;
// no match allows. A `command` rule is one word-bounded pattern per content line, spaces matching any
// run of blanks; a `regex` rule is its content as a regular expression.
export interface FilterRule { id?: string; type: string; content: string; priority?: number; action: number | string; comment?: string }

export interface Verdict { allowed: boolean; rule?: FilterRule; matched?: string }

const DENY = 0;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

export function rulePattern(rule: FilterRule): RegExp | null {
  let source: string;
  if (rule.type === 'command') {
    source = rule.content.replace(/\r\n/g, '\n').split('\n').filter((line) => line.trim()).map((line) => {
      const words = escape(line.trim()).replace(/\s+/g, '\\s+');
      // A trailing word character gets a closing boundary ("rm" must not match "rmdir").
      return /\w$/.test(line.trim()) ? `\\b${words}\\b` : `\\b${words}`;
    }).join('|');
    if (!source) return null;
  } else {
    source = rule.content;
  }
  try {
    return new RegExp(source);
  } catch {
    return null; // a rule that does not compile never matches, as in 2.3
  }
}

export class CommandFilter {
  private readonly compiled: { rule: FilterRule; pattern: RegExp }[];

  constructor(rules: FilterRule[]) {
    const ordered = [...rules].sort((a, b) => (b.priority ?? 50) - (a.priority ?? 50) || Number(a.action) - Number(b.action));
    this.compiled = ordered.flatMap((rule) => {
      const pattern = rulePattern(rule);
      return pattern ? [{ rule, pattern }] : [];
    });
  }

  check(line: string): Verdict {
    for (const { rule, pattern } of this.compiled) {
      const found = pattern.exec(line);
      if (found) return { allowed: Number(rule.action) !== DENY, rule, matched: found[0] };
    }
    return { allowed: true };
  }
}

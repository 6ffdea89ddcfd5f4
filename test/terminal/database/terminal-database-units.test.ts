// The database door's own parts, without a database: how typed SQL is split into the statements that
// are sent, how the command filter judges them (a table of hostile statements), how the door's line
// editor turns keys into lines, and how answers are printed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandRows, MAX_INPUT } from '../../../demo/terminal/delivery/command-record.ts';
import { IdleTimer } from '../../../demo/terminal/session/session-end.ts';
import type { Services } from '../../../demo/terminal/services.ts';
import { LineEditor } from '../../../demo/terminal/database/line-editor.ts';
import { errorLine, outcomeLines, resultSetLines, valueText } from '../../../demo/terminal/database/result-text.ts';
import { SqlFilter } from '../../../demo/terminal/database/sql-filter.ts';
import { splitStatements, sqlWords } from '../../../demo/terminal/database/sql-text.ts';

describe('splitting typed SQL into statements', () => {
  const texts = (input: string, delimiter?: string) => splitStatements(input, delimiter).statements.map((s) => s.text);

  it('ends statements at the delimiter, \\g and \\G, and keeps the unfinished rest', () => {
    assert.deepEqual(texts('select 1; show databases;\n'), ['select 1', 'show databases']);
    const split = splitStatements('select 1\\G select 2\\g select\n  3');
    assert.deepEqual(split.statements, [
      { text: 'select 1', vertical: true },
      { text: 'select 2', vertical: false },
    ]);
    assert.equal(split.rest.trim(), 'select\n  3');
    assert.equal(split.open, 'none');
  });

  it('never ends a statement inside strings, identifiers or comments', () => {
    assert.deepEqual(texts('select \';\', "a;b", `c;d` from t; '), ['select \';\', "a;b", `c;d` from t']);
    assert.deepEqual(texts("select 'it\\'s; fine'; select 2;"), ["select 'it\\'s; fine'", 'select 2']);
    assert.deepEqual(texts("select 'a''b;c';"), ["select 'a''b;c'"]);
    assert.deepEqual(texts('select 1 /* ; */ + 1; -- ; not here\nselect 2 # ; nor here\n;'), [
      'select 1 /* ; */ + 1',
      '-- ; not here\nselect 2 # ; nor here',
    ]);
    assert.equal(splitStatements("select 'open;\n").open, "'");
    assert.equal(splitStatements('select /* open;\n').open, '/*');
  });

  it('follows a changed delimiter and clears with \\c', () => {
    assert.deepEqual(texts('create procedure p() begin select 1; select 2; end //\n', '//'), [
      'create procedure p() begin select 1; select 2; end',
    ]);
    const cleared = splitStatements('drop table t \\c');
    assert.deepEqual(cleared.statements, []);
    assert.equal(cleared.rest, '');
    assert.equal(cleared.cleared, true);
  });

  it('reads the words the server runs: comments out, executable comments in', () => {
    assert.equal(sqlWords('DR/**/OP'), 'DR OP');
    assert.equal(sqlWords('/*!50000 DROP */ TABLE t'), 'DROP TABLE t');
    assert.equal(sqlWords('/*M!100000 drop*/ table t'), 'drop table t');
    assert.equal(sqlWords("select '/* not a comment */' -- gone\n, 2"), "select '/* not a comment */' , 2");
  });
});

describe('the command filter on SQL statements', () => {
  const deny = (content: string, type = 'command', priority = 50) => ({ type, content, action: 0, priority });
  const allow = (content: string, type = 'command', priority = 50) => ({ type, content, action: 1, priority });
  const filter = new SqlFilter([
    deny('drop'),
    deny('truncate table'),
    deny('^\\s*delete\\s+from\\s+\\w+\\s*$', 'regex'),
  ]);

  const refused: [string, string][] = [
    ['DROP TABLE t', 'upper case'],
    ['drop table t', 'lower case'],
    ['Drop   Table t', 'mixed case, blanks'],
    ['drop\ttable\nt', 'tabs and line breaks'],
    ['/*!DROP*/ TABLE t', 'executable comment'],
    ['/*!50001 DROP TABLE t */', 'versioned executable comment'],
    ['/*M!100000 drop table t*/', 'MariaDB executable comment'],
    ['TRUNCATE /* hidden */ TABLE t', "comment between a rule's words"],
    ['truncate -- hidden\n table t', "line comment between a rule's words"],
    ["PREPARE s FROM 'DROP TABLE t'", 'a rule word inside a prepared string'],
    ['ALTER TABLE t DROP COLUMN c', 'the word anywhere'],
    ['delete from t', 'regex, case-insensitive'],
    ['DELETE FROM t', 'regex, upper case'],
    ['PREPARE s FROM @q', 'SQL built when it runs'],
    ["EXECUTE IMMEDIATE CONCAT('DR', 'OP TABLE t')", 'EXECUTE IMMEDIATE of an expression'],
    [`select '${'x'.repeat(70_000)}'`, 'too long to judge'],
  ];
  for (const [statement, why] of refused) {
    it(`refuses ${why}`, () => assert.equal(filter.check(statement).allowed, false, statement.slice(0, 60)));
  }

  const allowed = [
    'select 1',
    'show databases',
    'select * from dropbox',
    'delete from t where id = 1',
    "PREPARE s FROM 'SELECT 1'",
    'EXECUTE s',
  ];
  for (const statement of allowed) {
    it(`allows ${statement}`, () => assert.equal(filter.check(statement).allowed, true));
  }

  it('takes rules in priority order: a higher allow rule decides first, as 2.3 does', () => {
    const ordered = new SqlFilter([deny('drop', 'command', 10), allow('drop table scratch', 'command', 90)]);
    assert.equal(ordered.check('drop table scratch').allowed, true);
    assert.equal(ordered.check('drop table orders').allowed, false);
  });

  it('judges nothing dynamic when no deny rule is in force', () => {
    assert.equal(new SqlFilter([]).check('PREPARE s FROM @q').allowed, true);
  });
});

describe('the database line editor', () => {
  function editor(cols = 80) {
    const lines: string[] = [];
    let shown = '';
    const events = { interrupts: 0, eof: 0 };
    const ed = new LineEditor(
      {
        write: (text) => {
          shown += text;
        },
        line: (line) => {
          lines.push(line);
          ed.read('> ');
        },
        interrupt: () => {
          events.interrupts += 1;
          ed.read('> ');
        },
        eof: () => {
          events.eof += 1;
        },
      },
      cols,
    );
    ed.read('> ');
    return { ed, lines, events, shown: () => shown };
  }

  it('reads typed keys, edits and pastes into the exact lines', async () => {
    const { ed, lines } = editor();
    ed.feed('selct 1\x1b[D\x1b[D\x1b[D\x1b[De\r');
    ed.feed('drop table t\x15select 2\r');
    ed.feed('select 3\x17 4\r');
    ed.feed('\x1b[200~select 5;\nselect 6;\x1b[201~\r');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(lines, ['select 1', 'select 2', 'select  4', 'select 5;', 'select 6;']);
  });

  it('reads escape sequences whole, even cut between reads, and never as text', () => {
    const { ed, lines } = editor();
    ed.feed('select\x1b');
    ed.feed('[3~ 1\x1bO');
    ed.feed('H\x1b[1;5C\r');
    assert.deepEqual(lines, ['select 1']);
  });

  it('recalls history with the arrows and ends on Ctrl-D at an empty line', () => {
    const { ed, lines, events } = editor();
    ed.feed('select 1\r\x1b[A\r');
    assert.deepEqual(lines, ['select 1', 'select 1']);
    ed.feed('x\x04');
    assert.equal(events.eof, 0);
    ed.feed('\x15\x04');
    assert.equal(events.eof, 1);
  });

  it("echoes a long paste in one write, wrapping at the window's edge", () => {
    const writes: string[] = [];
    const lines: string[] = [];
    const ed = new LineEditor(
      {
        write: (text) => writes.push(text),
        line: (line) => lines.push(line),
        interrupt: () => undefined,
        eof: () => undefined,
      },
      80,
    );
    ed.read('> ');
    writes.length = 0;
    const statement = `select '${'x'.repeat(64 * 1024)}'`;
    ed.feed(`\x1b[200~${statement}\x1b[201~`);
    assert.equal(writes.length, 1);
    assert.equal(writes[0].replace(/\r\n/g, ''), statement);
    assert.equal(writes[0].indexOf('\r\n'), 78, 'the first row holds the prompt and 78 characters');
    ed.feed('\r');
    assert.deepEqual(lines, [statement]);
  });

  it('keeps keys typed while a statement runs for the next prompt, in order', async () => {
    const lines: string[] = [];
    const ed = new LineEditor(
      { write: () => undefined, line: (line) => lines.push(line), interrupt: () => undefined, eof: () => undefined },
      80,
    );
    ed.read('> ');
    ed.feed('select 1\rselect 2\r');
    assert.deepEqual(lines, ['select 1']);
    ed.read('> ');
    await new Promise((resolve) => queueMicrotask(() => resolve(null)));
    assert.deepEqual(lines, ['select 1', 'select 2']);
  });
});

describe('answers as the client prints them', () => {
  const field = (name: string, columnType: number) => ({ name, columnType }) as never;

  it('boxes rows, numbers to the right, NULL as NULL', () => {
    const lines = resultSetLines(
      {
        fields: [field('id', 3), field('name', 253)],
        rows: [
          [1, 'alice'],
          [22, null],
        ],
        total: 2,
      },
      1,
      false,
    );
    assert.deepEqual(lines, [
      '+----+-------+',
      '| id | name  |',
      '+----+-------+',
      '|  1 | alice |',
      '| 22 | NULL  |',
      '+----+-------+',
      '2 rows in set (0.00 sec)',
    ]);
  });

  it('prints \\G rows one field per line, and empty sets and OK packets', () => {
    assert.deepEqual(
      resultSetLines({ fields: [field('a', 3), field('bb', 253)], rows: [[1, 'x']], total: 1 }, 0, true),
      ['*************************** 1. row ***************************', ' a: 1', 'bb: x', '1 row in set (0.00 sec)'],
    );
    assert.deepEqual(resultSetLines({ fields: [field('a', 3)], rows: [], total: 0 }, 0, false), [
      'Empty set (0.00 sec)',
    ]);
    assert.deepEqual(outcomeLines({ affectedRows: 3, info: 'Records: 3  Duplicates: 0  Warnings: 0' }, 10), [
      'Query OK, 3 rows affected (0.01 sec)',
      'Records: 3  Duplicates: 0  Warnings: 0',
    ]);
    assert.equal(
      errorLine({ errno: 1146, sqlState: '42S02', sqlMessage: "Table 'demo.x' doesn't exist" }),
      "ERROR 1146 (42S02): Table 'demo.x' doesn't exist",
    );
  });

  it('shows stored control characters escaped, never as terminal commands', () => {
    assert.equal(valueText('a\x1b]0;owned\x07b\nc'), 'a\\x1b]0;owned\\x07b\\nc');
    assert.equal(valueText(Buffer.from([0, 1, 255])), '0x0001FF');
    assert.equal(valueText({ k: [1] }), '{"k":[1]}');
  });
});

describe('a statement in the command log', () => {
  const record = (input: string) => ({
    user: 'u',
    asset: 'a',
    system_user: 's',
    input,
    output: 'out',
    session: 'x',
    risk_level: 0 as const,
    org_id: '',
    timestamp: 1,
  });

  it("takes consecutive rows of the field's size: nothing is cut, the output goes with the last", () => {
    const long = `select ${'c, '.repeat(100)}1 from t`;
    const rows = commandRows(record(`${long}\n\n  where id = 1`));
    assert.ok(rows.every((row) => [...row.input].length <= MAX_INPUT && !row.input.includes('\n')));
    assert.equal(rows.map((row) => row.input).join(''), `${long}  where id = 1`);
    assert.deepEqual(
      rows.map((row) => row.output),
      [...rows.slice(1).map(() => ''), 'out'],
    );
    assert.deepEqual(commandRows(record('select 1')), [record('select 1')]);
  });
});

describe('the idle timeout of a session', () => {
  it('ends a session left alone for SECURITY_MAX_IDLE_TIME minutes; each key starts it again; 0 is never', async () => {
    const services = { config: { SECURITY_MAX_IDLE_TIME: 0.003 } } as unknown as Services; // 180 ms
    let idle = 0;
    const timer = new IdleTimer(services, () => {
      idle += 1;
    });
    timer.touch();
    await new Promise((resolve) => setTimeout(resolve, 120));
    timer.touch();
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.equal(idle, 0, 'a key 120 ms in kept it open');
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(idle, 1);
    const never = new IdleTimer({ config: { SECURITY_MAX_IDLE_TIME: 0 } } as unknown as Services, () => {
      idle += 1;
    });
    never.touch();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(idle, 1);
  });
});

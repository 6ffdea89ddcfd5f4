// The shell script a push runs as root on a Unix-like asset: what 2.3's push playbook does with
// Ansible's user / group / file / authorized_key / lineinfile modules, as one POSIX sh script.
// The script travels on stdin (never on a command line, where `ps` would show the password); every
// value in it is single-quoted. It prints `@@ <step>` markers that the task turns into log lines.
import { randomBytes } from 'node:crypto';

export interface PushAccount {
  username: string;
  password: string;
  publicKey: string;
  /** Empty: the target's default. */
  shell: string;
  home: string;
  /** 2.3's `system_groups`: a comma list of existing groups. */
  groups: string;
  /** 2.3's `sudo`: commands, one per line or comma-separated; empty = no sudo rule. */
  sudo: string;
}

/** Markers the script prints after each step it completed. */
export const PUSH_STEPS = [
  'user-created',
  'user-updated',
  'password-set',
  'key-added',
  'key-present',
  'sudo-set',
  'sudo-removed',
] as const;
export type PushStep = (typeof PUSH_STEPS)[number];

export const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** 2.3 joins the sudo lines with commas after trimming stray commas: `/bin/whoami,/usr/bin/id`. */
export function sudoCommands(sudo: string): string {
  return sudo
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim().replace(/^,+|,+$/g, ''))
    .filter(Boolean)
    .join(',');
}

/** A sudoers.d file name: sudo ignores names with a '.' or ending in '~', so those characters are replaced. */
export const sudoersFile = (username: string): string =>
  `/etc/sudoers.d/jumpserver-${username.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Why this account cannot be pushed as given, or null. */
export function pushRefusal(account: PushAccount): string | null {
  if (!account.username) return 'The system user has no username';
  // chpasswd reads "name:password" lines; a line break would end the password early.
  if (/[\r\n]/.test(account.password)) return 'The password contains a line break';
  if (/[\r\n]/.test(account.publicKey.trim())) return 'The public key spans several lines';
  return null;
}

export function pushScript(account: PushAccount): string {
  const name = shellQuote(account.username);
  const userOpts = [
    account.shell ? `-s ${shellQuote(account.shell)}` : '',
    account.home ? `-d ${shellQuote(account.home)}` : '',
    account.groups
      ? `-G ${shellQuote(
          account.groups
            .split(',')
            .map((g) => g.trim())
            .filter(Boolean)
            .join(','),
        )}`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const lines = [
    'set -eu',
    'umask 077',
    `name=${name}`,
    'if id -u -- "$name" >/dev/null 2>&1; then',
    userOpts ? `  usermod ${userOpts} -- "$name"` : '  :',
    '  echo "@@ user-updated"',
    'else',
    `  useradd -m ${userOpts} -- "$name"`,
    '  echo "@@ user-created"',
    'fi',
    'getent group "$name" >/dev/null || groupadd -- "$name"',
    'home=$(getent passwd "$name" | cut -d: -f6)',
    // 2.3: /home/<name> belongs to the user, mode 700.
    'if [ -d "/home/$name" ]; then chown "$name:$name" "/home/$name"; chmod 700 "/home/$name"; fi',
  ];
  if (account.password) {
    const delimiter = `JMS_${randomBytes(8).toString('hex')}`;
    lines.push(
      `chpasswd <<'${delimiter}'`,
      `${account.username}:${account.password}`,
      delimiter,
      'echo "@@ password-set"',
    );
  } else {
    // useradd leaves the password "!" (locked); sshd without PAM refuses even a key login to a locked
    // account, so a key-only account gets "*": no password can match, but the account is usable.
    lines.push('case "$(getent shadow "$name" | cut -d: -f2)" in "!"|"!!") usermod -p "*" -- "$name" ;; esac');
  }
  const key = account.publicKey.trim();
  if (key) {
    lines.push(
      'keys="$home/.ssh/authorized_keys"',
      // Root must not follow a link the account's owner planted (e.g. authorized_keys -> /etc/shadow).
      'if [ -L "$home/.ssh" ] || [ -L "$keys" ]; then echo "$home/.ssh or its authorized_keys is a symbolic link" >&2; exit 1; fi',
      'mkdir -p -- "$home/.ssh"',
      'touch -- "$keys"',
      `if grep -qxF -- ${shellQuote(key)} "$keys"; then echo "@@ key-present"; else printf '%s\\n' ${shellQuote(key)} >> "$keys"; echo "@@ key-added"; fi`,
      'chown "$name:" "$home/.ssh" "$keys"',
      'chmod 700 "$home/.ssh"; chmod 600 "$keys"',
    );
  }
  const file = shellQuote(sudoersFile(account.username));
  const commands = sudoCommands(account.sudo);
  if (commands) {
    const rule = `${account.username} ALL=(ALL) NOPASSWD: ${commands}`;
    lines.push(
      'command -v visudo >/dev/null || { echo "sudo is not installed on this host" >&2; exit 1; }',
      'mkdir -p /etc/sudoers.d',
      // A name with a "." is ignored by sudo until the checked file is renamed into place.
      'tmp=$(mktemp /etc/sudoers.d/.jumpserver.XXXXXX)',
      `printf '%s\\n' ${shellQuote(rule)} > "$tmp"`,
      'if ! visudo -cf "$tmp" >/dev/null; then rm -f "$tmp"; echo "the sudo rule does not pass visudo" >&2; exit 1; fi',
      'chmod 0440 "$tmp"',
      `mv -f "$tmp" ${file}`,
      'echo "@@ sudo-set"',
    );
  } else {
    lines.push(`if [ -e ${file} ]; then rm -f ${file}; echo "@@ sudo-removed"; fi`);
  }
  return `${lines.join('\n')}\n`;
}

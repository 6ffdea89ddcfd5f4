// The replay of a sample session (seed/session-samples.ts), made from its commands as the terminal would
// have recorded them: a prompt, the command typed key by key, its output (or the door's refusal), then
// the next prompt; asciicast v2, gzip like the stored recordings. Never written to disk: a sample has no
// recording, and the first real session of its org removes it.
import { gzipSync } from 'node:zlib';
import type { DB } from '../core/db/open.ts';
import type { Row } from '../engine/types.ts';
import { commandsOfSession } from './command-store.ts';

const KEY_SECONDS = 0.07;

export function sampleReplay(db: DB, session: Row): Buffer {
  const commands = commandsOfSession(db, session.id);
  const mysql = session.protocol === 'mysql';
  const account = String(session.system_user);
  const prompt = mysql ? 'MariaDB [(none)]> ' : `[${account}@${String(session.asset)} ~]$ `;
  const start = Date.parse(String(session.date_start));
  const events: [number, string][] = [];
  let at = 0.5;
  const out = (text: string, after = 0) => {
    at += after;
    events.push([Number(at.toFixed(3)), text]);
  };
  out(
    mysql
      ? `Connected to the database app ${String(session.asset)} as ${account}.\r\n\r\n`
      : `Last login: ${new Date(start - 86_400_000).toUTCString()}\r\n`,
  );
  for (const command of commands) {
    // Typed so that its Enter falls on the command's own time (its offset in the session, as the player
    // places it from `timestamp`): a link to a command then opens on that command, not past the end.
    const typing = 0.4 + command.input.length * KEY_SECONDS + 0.3;
    const due = Number(command.timestamp) - start / 1000;
    if (Number.isFinite(due)) at = Math.max(at, due - typing);
    out(prompt, 0.4);
    for (const key of command.input) out(key, KEY_SECONDS);
    out('\r\n', 0.3);
    const answer =
      command.risk_level === 5
        ? `\x1b[31m${mysql ? 'Statement' : 'Command'} "${command.input}" is forbidden: it matches a rule of the command filter.\x1b[0m`
        : command.output;
    if (answer) out(`${answer.replace(/\r?\n/g, '\r\n')}\r\n`, 0.2);
  }
  out(prompt, 0.4);
  out(mysql ? 'exit\r\n' : 'logout\r\n', 1.2);
  const header = {
    version: 2,
    width: 100,
    height: 30,
    timestamp: Math.floor(start / 1000),
    env: { TERM: 'xterm', SHELL: '/bin/bash' },
  };
  const lines = [JSON.stringify(header), ...events.map(([time, text]) => JSON.stringify([time, 'o', text]))];
  return gzipSync(`${lines.join('\n')}\n`);
}

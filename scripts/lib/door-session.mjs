// How scripts open a session as a registered terminal's door does (the server records a session only
// for a user that terminal signed in, on a target the user is granted): sign the user in on their
// behalf, take an SSH asset and system user they may connect to, post the session starting now.
// `call(method, path, body)` is the script's signed call, answering the parsed JSON.
import { randomUUID } from 'node:crypto';

/**
 * In `org` (default '' = DEFAULT); answers `{ id, start, session }` (start in epoch seconds: commands are taken
 * from then on, the end no earlier; `session` the server's answer). `startedSecondsAgo` back-dates the start
 * within the server's clock tolerance (5 minutes); `hostname` picks the granted asset.
 */
export async function openDoorSession(call, { username, password, remoteAddr = '127.0.0.1', org = '', hostname, startedSecondsAgo = 0 }) {
  const { user } = await call('POST', '/api/v1/authentication/tokens/', { username, password, remote_addr: remoteAddr });
  const assets = await call('GET', `/api/v1/perms/users/${user.id}/assets/?actions=connect&protocol=ssh`);
  for (const asset of (Array.isArray(assets) ? assets : assets.results).filter((a) => (a.org_id ?? '') === org && (!hostname || a.hostname === hostname))) {
    const systemUsers = await call('GET', `/api/v1/perms/users/${user.id}/assets/${asset.id}/system-users/`);
    const systemUser = systemUsers.find((su) => su.protocol === 'ssh');
    if (!systemUser) continue;
    const id = randomUUID();
    const start = Math.floor(Date.now() / 1000) - startedSecondsAgo;
    const session = await call('POST', '/api/v1/terminal/sessions/', {
      id, user: `${user.name}(${user.username})`, asset: asset.hostname, system_user: systemUser.name, user_id: user.id, asset_id: asset.id,
      system_user_id: systemUser.id, login_from: 'ST', remote_addr: remoteAddr, protocol: 'ssh', org_id: asset.org_id ?? '', date_start: new Date(start * 1000).toISOString(),
    });
    return { id, start, session };
  }
  throw new Error(`${username} is granted no SSH asset${hostname ? ` ${hostname}` : ''} in org "${org}" to open a session on`);
}

// What an earlier run of this terminal left behind (stopped with kill -9, or its server away when it
// stopped): sessions the server still has open are closed with their recordings, and recordings still on
// disk are uploaded — all through the outbox, after whatever the earlier run had queued itself (its
// journal is sent first), so nothing is closed twice and nothing is sent out of order.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from './services.ts';

interface OpenSession {
  id: string;
}

export async function closeLeftovers(services: Services): Promise<void> {
  const { api, outbox, replayDir, log } = services;
  let open: OpenSession[] = [];
  try {
    open = await api.all<OpenSession>(
      `/api/v1/terminal/sessions/?terminal=${encodeURIComponent(services.terminalId ?? '')}&is_finished=0`,
    );
  } catch (error) {
    log(`could not list the sessions left open: ${(error as Error).message}`);
  }
  const dateEnd = new Date().toISOString();
  const closing = open.filter((session) => !outbox.isEnding(session.id));
  for (const session of closing) {
    const file = join(replayDir, `${session.id}.cast`);
    outbox.end(session.id, existsSync(file) ? file : null, { is_finished: true, date_end: dateEnd });
  }
  // A recording of a session that is neither open nor queued to end nor on its way to an object store
  // (an upload an older version gave up on): uploaded alone, the session's close left as it is.
  for (const name of readdirSync(replayDir).filter((file) => file.endsWith('.cast'))) {
    const id = name.replace(/\.cast$/, '');
    if (!outbox.isEnding(id) && !services.recordings.holds(id)) outbox.end(id, join(replayDir, name), null);
  }
  if (await outbox.flush()) {
    if (closing.length) log(`closed ${closing.length} session(s) left open by an earlier run`);
  } else log('what an earlier run left is queued; it is sent when the server takes it');
}

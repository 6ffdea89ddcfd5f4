import { apiUrl, http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import { toast } from '../../core/stores/notify.ts';
import './i18n.ts';
import { API } from './section.ts';

export { API };

export const sessionUrl = (id: string) => `${API.sessions}${encodeURIComponent(id)}/`;
export const replayDownloadUrl = (id: string) => `${sessionUrl(id)}replay/download/`;

/**
 * Terminate: the server queues a `kill_session` task that the session's terminal picks up on its next
 * heartbeat, so the answer only says the task was sent (spec §4 wording); the session ends later.
 */
export async function terminateSession(id: string): Promise<void> {
  await http.post(API.killSession, [id]);
  toast.success(t('terminal.message.terminateSent'));
}

/** Download the recording as the server packs it (`<id>.tar`); a link click lets the browser save it. */
export function downloadReplay(id: string): void {
  const link = document.createElement('a');
  link.href = apiUrl(replayDownloadUrl(id));
  link.download = `${id}.tar`;
  link.rel = 'noopener';
  link.click();
}

/**
 * Session detail at a second of its recording: the player (ReplayPlayer's `start`) takes seconds from
 * the session's start or a command id; a command knows its epoch timestamp, the session its start.
 * The page plays at once (SessionDetailPage), as Luna's replay did.
 */
export function sessionDetailPath(sessionId: string, start?: number | string): string {
  const query = new URLSearchParams();
  if (start !== undefined) query.set('start', String(start));
  const search = query.toString();
  return `/terminal/sessions/${encodeURIComponent(sessionId)}${search ? `?${search}` : ''}`;
}

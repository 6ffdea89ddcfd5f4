import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { DetailCard } from '../../core/engine/detail/DetailCard.tsx';
import { useDetail } from '../../core/engine/detail/use-detail.ts';
import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx';
import { useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { parseDateTime } from '../../core/resource/datetime.ts';
import { truncateTitle } from '../../core/resource/names.ts';
import type { PageProps } from '../../core/routes.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { useQuery } from '../../core/ui/hash-location.ts';
import { useRef } from 'react';
import type { ReplayPlayerProps } from './replay/ReplayPlayer.tsx';
import { API, sessionUrl } from './api.ts';
import { durationText } from './cells.tsx';
import { replayStateText } from './recording-state.tsx';
import { sessionCommands } from './session-commands.resource.tsx';
import { useViewHeight } from './use-view-height.ts';
import './i18n.ts';

// The player (and the xterm terminals under it) comes in its own chunk, only when a replay is shown.
const ReplayPlayer = lazyComponent<ReplayPlayerProps>(
  () => import('./replay/ReplayPlayer.tsx').then((m) => m.ReplayPlayer),
  'ReplayPlayer',
);

const INFO_FIELDS = [
  'user',
  'asset',
  'system_user',
  'protocol',
  'login_from',
  'remote_addr',
  'terminal',
  'command_amount',
  'is_finished',
  'date_start',
  'date_end',
  'duration',
];

/** `?start=` is seconds from the session's start, or a command id the player looks up. */
export function startOf(value: string | undefined): number | string | undefined {
  if (value === undefined || value === '') return undefined;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** The server's command window (§2.6 date_from/date_to) around the session, a minute either side. */
function commandWindow(session: Row): Record<string, string> {
  const start = parseDateTime(session.date_start);
  const end = parseDateTime(session.date_end);
  const minute = 60_000;
  const window: Record<string, string> = { session_id: String(session.id) };
  if (start) window.date_from = new Date(start.getTime() - minute).toISOString();
  // An open session's window runs to now on the server: no moving bound here, so a redraw asks nothing new.
  if (start && end) window.date_to = new Date(end.getTime() + minute).toISOString();
  return window;
}

/** Below the player: the card's and the page's bottom padding, so the card's edge shows too. */
const BELOW_PLAYER_PX = 40;

/**
 * The recording, fitted inside the view's height with its controls in sight, and playing at once
 * whichever way the page was opened (the session list's Replay or user link, a command's link, the
 * dashboard), as Luna's replay did; `?autoplay=0` opens it paused.
 */
function ReplayBox({ id }: { id: string }) {
  const query = useQuery();
  const box = useRef<HTMLDivElement>(null);
  useViewHeight(box, BELOW_PLAYER_PX);
  return (
    <div className="replay-box" ref={box}>
      <ReplayPlayer sessionId={id} start={startOf(query.start)} autoplay={query.autoplay !== '0'} fit="both" />
    </div>
  );
}

/** SessionDetail (`/terminal/sessions/:id`): the recording, the session's card and its commands. */
export function SessionDetailPage({ params }: PageProps) {
  const t = useT();
  const id = params.id;
  const { object, meta, problem } = useDetail(sessionUrl(id), API.sessions);
  const title = truncateTitle(
    object ? `${t('route.SessionDetail')}: ${String(object.user ?? '')}` : t('route.SessionDetail'),
  );
  const canReplay = Boolean(object && (object.can_replay ?? object.has_replay));
  return (
    <section className="engine-page detail-page session-detail-page">
      <EngineStyle />
      <h2 className="title">{title}</h2>
      {problem === 'lost' && <p className="problem">{t('message.resourceLost')}</p>}
      {object && (
        <>
          <div className="card replay-card">
            <h3>{t('terminal.session.player')}</h3>
            <div className="body">
              {canReplay ? (
                <ReplayBox id={id} />
              ) : (
                <p className="no-replay" data-replay-status={String(object.replay_status ?? '')}>
                  {object.is_finished ? replayStateText(object) : t('terminal.session.online')}
                </p>
              )}
            </div>
          </div>
          <div className="detail-grid">
            <div className="card session-commands">
              <h3>{t('terminal.session.commands')}</h3>
              <div className="body">
                <EmbeddedList resource={sessionCommands} fixed={commandWindow(object)} />
              </div>
            </div>
            <DetailCard
              title={t('terminal.session.info')}
              object={object}
              meta={{
                ...meta,
                duration: { type: 'string', label: t('terminal.column.duration') },
                command_amount: { type: 'integer', label: t('terminal.column.command') },
              }}
              fields={INFO_FIELDS.filter((field) => field === 'duration' || field in object)}
              render={{
                duration: (row) => durationText(row.date_start, row.date_end),
                login_from: (row) => String(row.login_from_display ?? row.login_from ?? ''),
              }}
            />
          </div>
        </>
      )}
    </section>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { EngineStyle } from '../../core/engine/EngineStyle.tsx';
import { DetailCard } from '../../core/engine/detail/DetailCard.tsx';
import { useDetail } from '../../core/engine/detail/use-detail.ts';
import { SlButton } from '../../core/engine/shoelace.ts';
import { t as translate, useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { displayDateTime, formatServer, parseDateTime } from '../../core/resource/datetime.ts';
import { truncateTitle } from '../../core/resource/names.ts';
import type { PageProps } from '../../core/routes.ts';
import { $profile } from '../../core/stores/session.ts';
import { confirm, toast } from '../../core/stores/notify.ts';
import '../perms/i18n.ts';
import { approveTicket, closeTicket, rejectTicket } from './api.ts';
import { RequestReview, startingConfirmation, type Confirmation } from './RequestReview.tsx';
import { API } from './section.ts';
import { ticketsCss } from './styles.ts';
import { TicketComments } from './TicketComments.tsx';
import { TicketStateBadge } from './TicketState.tsx';
import './i18n.ts';

const INFO_FIELDS = [
  'title',
  'status',
  'type',
  'user_display',
  'assignees_display',
  'assignee_display',
  'date_created',
  'comment',
];
const REQUEST_FIELDS = ['org_name', 'ips', 'hostname', 'system_user', 'actions', 'date_start', 'date_expired'];

/**
 * A ticket's text was written once, in the zone of the request that opened it (a sign-in sends none,
 * so the server's: "+0800"): its times are shown in this browser's zone, as every other time is.
 */
export const localTimes = (text: string) =>
  text.replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}/g, (written) => {
    const date = parseDateTime(written);
    return date ? formatServer(date) : written;
  });
const listText = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : String(value ?? ''));
const RENDER: Record<string, (ticket: Row) => ReactNode> = {
  status: (ticket) => <TicketStateBadge ticket={ticket} />,
  ips: (ticket) => listText(ticket.ips),
  actions: (ticket) =>
    Array.isArray(ticket.actions)
      ? ticket.actions.map((name) => translate(`perms.actions.${String(name)}`)).join(', ')
      : '',
  date_created: (ticket) => displayDateTime(ticket.date_created),
  date_start: (ticket) => displayDateTime(ticket.date_start),
  date_expired: (ticket) => displayDateTime(ticket.date_expired),
  body: (ticket) => <pre className="ticket-body">{localTimes(String(ticket.body ?? ''))}</pre>,
};

/**
 * TicketDetail (`/tickets/tickets/:id`) and AssetsTicketDetail (`/tickets/tickets/request-asset-perm/:id`):
 * the ticket and its state, the message thread with a reply, and what the caller may do: an assignee
 * reviews (a request: confirm the assets and the system user) and accepts or rejects, the requester or
 * an assignee closes. The server decides in the end; a refusal is shown by the HTTP client.
 */
export function TicketDetailPage({ params, route }: PageProps) {
  const t = useT();
  const request = route?.name === 'AssetsTicketDetail';
  const list = request ? API.requests : API.tickets;
  const { object, meta, problem, reload } = useDetail(`${list}${encodeURIComponent(params.id)}/`, list);
  const profile = useStore($profile);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (object) setConfirmation((old) => old ?? startingConfirmation(object));
  }, [object]);

  const open = object?.status === 'open';
  const me = String(profile?.id ?? '');
  const assignee = !!object && Array.isArray(object.assignees) && object.assignees.map(String).includes(me);
  const requester = !!object && String(object.user ?? '') === me;
  const after = (message: string) => {
    toast.success(message);
    reload();
    setTick((n) => n + 1);
  };
  const act = async (work: () => Promise<void>, message: string, question?: string) => {
    if (question && !(await confirm({ message: question, type: 'warning' }))) return;
    setBusy(true);
    try {
      await work();
      after(message);
    } catch {
      // Shown by the HTTP client; the review keeps its choices.
    } finally {
      setBusy(false);
    }
  };
  const accept = () => {
    if (object && request && confirmation && (!confirmation.assets.length || !confirmation.systemUser)) {
      toast.error(t('tickets.act.needBoth'));
      return;
    }
    void act(
      () => approveTicket(object!, request ? (confirmation ?? undefined) : undefined),
      t('tickets.act.approved'),
    );
  };

  // 2.3's verbose names ("Assignees display name") read oddly on a card: the page names the people.
  const shownMeta = meta && {
    ...meta,
    ...(meta.assignees_display
      ? { assignees_display: { ...meta.assignees_display, label: t('tickets.info.assignees') } }
      : {}),
    ...(meta.assignee_display
      ? { assignee_display: { ...meta.assignee_display, label: t('tickets.info.assignee') } }
      : {}),
  };
  const title = truncateTitle(
    object
      ? `${t(request ? 'route.AssetsTicketDetail' : 'route.TicketDetail')}: ${String(object.title ?? '')}`
      : t('route.TicketDetail'),
  );
  return (
    <section className="engine-page detail-page ticket-detail" data-state={object ? String(object.status) : undefined}>
      <EngineStyle />
      <style>{ticketsCss}</style>
      <h2 className="title">{title}</h2>
      {problem === 'lost' && <p className="problem">{t('message.resourceLost')}</p>}
      {object && (
        <div className="detail-grid">
          <div className="column">
            <DetailCard
              title={t('tickets.info.title')}
              object={object}
              meta={shownMeta}
              render={RENDER}
              fields={INFO_FIELDS.filter((field) => field in object)}
            />
            {request ? (
              <DetailCard
                title={t('tickets.info.request')}
                object={object}
                meta={meta}
                render={RENDER}
                fields={REQUEST_FIELDS.filter((field) => field in object)}
              />
            ) : (
              <DetailCard
                title={t('tickets.info.request')}
                object={object}
                meta={meta}
                render={RENDER}
                fields={['body']}
              />
            )}
          </div>
          <div className="column">
            {request && assignee && open && confirmation && (
              <RequestReview ticket={object} value={confirmation} onChange={setConfirmation} />
            )}
            <TicketComments ticket={object} canReply={open && (assignee || requester)} tick={tick} />
            {open && (assignee || requester) && (
              <div className="ticket-buttons" role="group">
                {assignee && (
                  <SlButton variant="primary" size="small" className="approve" loading={busy} onClick={accept}>
                    {t('tickets.act.approve')}
                  </SlButton>
                )}
                {assignee && (
                  <SlButton
                    variant="warning"
                    size="small"
                    className="reject"
                    disabled={busy}
                    onClick={() =>
                      void act(() => rejectTicket(object), t('tickets.act.rejected'), t('tickets.act.confirmReject'))
                    }
                  >
                    {t('tickets.act.reject')}
                  </SlButton>
                )}
                <SlButton
                  variant="danger"
                  size="small"
                  className="close"
                  disabled={busy}
                  onClick={() =>
                    void act(() => closeTicket(object), t('tickets.act.closed'), t('tickets.act.confirmClose'))
                  }
                >
                  {t('tickets.act.close')}
                </SlButton>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

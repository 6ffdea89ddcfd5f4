import { useEffect, useState } from 'react';
import { useT } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { displayDateTime } from '../../core/resource/datetime.ts';
import { loadComments, postComment } from './api.ts';
import { SlButton, SlTextarea } from '../../core/engine/shoelace.ts';
import { toast } from '../../core/stores/notify.ts';
import './i18n.ts';

/** The ticket's message thread (oldest first) and, for its requester and assignees while open, a reply box. */
export function TicketComments({ ticket, canReply, tick }: { ticket: Row; canReply: boolean; tick: number }) {
  const t = useT();
  const [comments, setComments] = useState<Row[] | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    loadComments(ticket).then(
      (rows) => live && setComments(rows),
      () => live && setComments([]),
    );
    return () => {
      live = false;
    };
  }, [ticket.id, tick, reloads]);
  const reply = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await postComment(ticket, text);
      setText('');
      toast.success(t('tickets.act.replied'));
      setReloads((n) => n + 1);
    } catch {
      // The HTTP client has shown why; the text stays for another try.
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="card ticket-comments">
      <h3>{t('tickets.comments.title')}</h3>
      <div className="body">
        {comments && comments.length === 0 && <p className="empty">{t('tickets.comments.empty')}</p>}
        {(comments ?? []).map((comment) => (
          <div key={String(comment.id)} className="comment" data-id={String(comment.id)}>
            <span className="who">{String(comment.user_display ?? '')}</span>
            <span className="when">{displayDateTime(comment.date_created)}</span>
            <pre className="text">{String(comment.body ?? '')}</pre>
          </div>
        ))}
        {canReply && (
          <div className="reply">
            <SlTextarea
              name="reply"
              label={t('tickets.comments.reply')}
              className="sr-label"
              rows={3}
              value={text}
              placeholder={t('tickets.comments.placeholder')}
              onSlInput={(e) => setText((e.target as unknown as { value: string }).value)}
            />
            <div className="ticket-buttons">
              <SlButton
                size="small"
                className="reply-button"
                loading={sending}
                disabled={!text.trim()}
                onClick={() => void reply()}
              >
                {t('tickets.comments.reply')}
              </SlButton>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

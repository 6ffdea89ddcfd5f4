import { useStore } from '@nanostores/react';
import { useT } from '../i18n/index.ts';
import { $confirmRequest, resolveConfirm } from '../stores/notify.ts';
import { SlButton, SlDialog } from './shoelace.ts';

/** Shows the question core's confirm() asked (loaded with the first question, see ConfirmHost.tsx). */
export function ConfirmDialog() {
  const request = useStore($confirmRequest);
  const t = useT();
  if (!request) return null;
  return (
    <SlDialog
      key={request.id}
      className="confirm-dialog"
      label={request.title ?? t('common.tips')}
      open
      onSlRequestClose={(event) => {
        // Closing with Esc or the X counts as Cancel; the dialog's own hide animations don't.
        if (event.target === event.currentTarget) resolveConfirm(false);
      }}
    >
      <p className="confirm-message">{request.message}</p>
      <SlButton slot="footer" className="confirm-cancel" onClick={() => resolveConfirm(false)}>
        {request.cancelText ?? t('common.cancel')}
      </SlButton>
      <SlButton slot="footer" className="confirm-ok" variant="primary" onClick={() => resolveConfirm(true)}>
        {request.confirmText ?? t('common.confirm')}
      </SlButton>
    </SlDialog>
  );
}

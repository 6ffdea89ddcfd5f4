import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type ToastType } from '../stores/notify.ts';
import { SlAlert, SlIcon } from './shoelace.ts';

const VARIANT: Record<ToastType, 'success' | 'danger' | 'primary' | 'warning'> = {
  success: 'success',
  error: 'danger',
  info: 'primary',
  warning: 'warning',
};

const ICON: Record<ToastType, string> = {
  success: 'check2-circle',
  error: 'exclamation-triangle',
  info: 'info-circle',
  warning: 'exclamation-triangle',
};

/**
 * The toasts being shown, drawn with Shoelace's alert (loaded with the first toast, see Toasts.tsx).
 * They live inside our shadow root rather than Shoelace's body-level stack, so the host page's CSS
 * cannot hide them and they go away with the element. The store removes each after its time.
 */
export function ToastStack() {
  const toasts = useStore($toasts);
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((item) => (
        <SlAlert
          key={item.id}
          className={`toast toast-${item.type}`}
          variant={VARIANT[item.type]}
          open
          closable
          onSlAfterHide={() => dismissToast(item.id)}
        >
          <SlIcon slot="icon" name={ICON[item.type]} />
          {item.message}
        </SlAlert>
      ))}
    </div>
  );
}

import { HttpError, http } from '../http.ts';
import { t } from '../i18n/index.ts';
import { confirm, toast } from '../stores/notify.ts';
import { serverMessage } from '../http-error.ts';

/** The reason a failed call gives: the body's msg/error/detail, else the error's own text. */
export function failureReason(error: unknown): string {
  if (error instanceof HttpError) return serverMessage(error.data) ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Spec §8: 'Delete failed' plus the reason, unless the body has `msg`, which is shown alone. */
export function deleteFailedMessage(error: unknown): string {
  const msg = error instanceof HttpError ? (error.data as { msg?: unknown } | undefined)?.msg : undefined;
  return typeof msg === 'string' && msg ? msg : `${t('message.deleteFailed')} ${failureReason(error)}`;
}

/** Confirm 'Are you sure to delete "name" ?', DELETE `url`, then 'Delete success' and `after`. */
export async function confirmDelete(url: string, name: string, after: () => void): Promise<void> {
  const ok = await confirm({ title: t('common.tips'), message: t('message.deleteConfirm', { name }), type: 'warning' });
  if (!ok) return;
  try {
    await http.delete(url, { disableFlashErrMsg: true });
    toast.success(t('message.deleteSuccess'));
    after();
  } catch (error) {
    toast.error(deleteFailedMessage(error));
  }
}

import '../i18n.ts';
import { t } from '../../i18n/index.ts';
import { confirm, toast } from '../../stores/notify.ts';
import { bulkDelete } from '../api.ts';
import { failureReason } from '../delete.ts';

/** Spec §4: needs a selection, asks '你确定要删除 N 行 ?', then spm + `DELETE <url>?spm=`. */
export async function confirmBulkDelete(url: string, ids: string[], done: () => void): Promise<void> {
  if (ids.length === 0) {
    toast.warning(t('engine.list.needSelection'));
    return;
  }
  const ok = await confirm({
    title: t('common.tips'),
    message: t('message.bulkDeleteConfirm', { count: ids.length }),
    type: 'warning',
  });
  if (!ok) return;
  try {
    await bulkDelete(url, ids);
    toast.success(t('message.bulkDeleteSuccess'));
    done();
  } catch (error) {
    toast.error(`${t('message.bulkDeleteFailed')}${failureReason(error)}`);
  }
}

import { http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import { uiUrl } from '../../core/navigation.ts';
import { toast } from '../../core/stores/notify.ts';
import { API } from './field-helpers.ts';

export type AssetTaskAction = 'test' | 'refresh';

/** The task log page's address (a constant route, opened in its own tab like Lina's). */
export const taskLogUrl = (task: string): string => uiUrl(`/ops/celery/task/${encodeURIComponent(task)}/log/`);

type Opener = (url: string) => void;
let opener: Opener = (url) => void window.open(url, '_blank', 'noopener');

/** Tests record the tab that would open; null restores window.open. */
export function setTaskLogOpener(fn: Opener | null): void {
  opener = fn ?? ((url) => void window.open(url, '_blank', 'noopener'));
}

/** POST `<url><id>/tasks/` `{action}` → `{task}`, then the task's log in a new tab. */
export async function startTask(url: string, id: string, action: string): Promise<string | undefined> {
  try {
    const body = await http.post<{ task?: string }>(`${url}${id}/tasks/`, { action });
    if (!body?.task) return undefined;
    toast.success(t('assets.quick.taskStarted'));
    opener(taskLogUrl(body.task));
    return body.task;
  } catch {
    return undefined; // http.ts has shown the server's message
  }
}

export const startAssetTask = (id: string, action: AssetTaskAction) => startTask(API.assets, id, action);

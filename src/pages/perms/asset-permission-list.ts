import { http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import type { HeaderAction } from '../../core/resource/define.ts';
import type { FieldMeta } from '../../core/resource/metadata.ts';
import { toast } from '../../core/stores/notify.ts';
import { ASSET_PERMISSIONS } from './api.ts';
import { choiceFilter, textFilter } from './labels.ts';
import { IS_VALID_FILTER } from './permission-common.tsx';

// The asset-permission list's extras: the query parameters of §2.5 as search filters, and the
// cache refresh of 2.3's More menu.

export const ASSET_PERMISSION_FILTERS: Record<string, FieldMeta> = {
  ...IS_VALID_FILTER,
  username: textFilter('perms.filter.username'),
  user_group: textFilter('perms.filter.userGroup'),
  hostname: textFilter('perms.filter.hostname'),
  ip: textFilter('perms.filter.ip'),
  node: textFilter('perms.filter.node'),
  system_user: textFilter('perms.filter.systemUser'),
  all: choiceFilter('perms.filter.all', [
    ['1', 'perms.filter.include'],
    ['0', 'perms.filter.exclude'],
  ]),
};

export const refreshCacheAction: HeaderAction = {
  name: 'refreshCache',
  title: 'perms.refreshCache',
  onClick: (_rows, ctx) =>
    http.get(`${ASSET_PERMISSIONS}cache/refresh/`).then(
      () => {
        toast.success(t('message.updateSuccess'));
        ctx.reload();
      },
      () => undefined,
    ),
};

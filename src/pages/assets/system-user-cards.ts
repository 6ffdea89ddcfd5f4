import { http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import type { QuickAction, RelationDefinition, RelationMember } from '../../core/resource/define.ts';
import { toast } from '../../core/stores/notify.ts';
import { API } from './field-helpers.ts';
import { canPush, isSsh } from './system-user-rules.ts';
import './system-user-i18n.ts';

// The side cards of a system user's detail page, as 2.3's: an auto-push switch and its command
// filters (the many-to-many `cmd_filters` field, changed with a PATCH of the whole list).

const systemUserUrl = (object: Row) => `${API.systemUsers}${String(object.id)}/`;
const filterIds = (object: Row): string[] => (Array.isArray(object.cmd_filters) ? object.cmd_filters.map(String) : []);

/** The auto-push switch; off and fixed where the server would force it off anyway. */
export function systemUserQuickActions(object: Row, reload: () => void): QuickAction[] {
  return [
    {
      title: 'assets.systemUser.autoPush',
      kind: 'switch',
      checked: Boolean(object.auto_push),
      disabled: !canPush(object),
      onChange: async (on) => {
        try {
          await http.patch(systemUserUrl(object), { auto_push: on });
          toast.success(t('message.updateSuccess'));
        } catch {
          // http.ts has said why; the reload puts the switch back
        }
        reload();
      },
    },
  ];
}

/** The filters' names, asked for by id (the object holds ids only). */
async function filtersOf(object: Row): Promise<RelationMember[]> {
  const ids = filterIds(object);
  if (ids.length === 0) return [];
  const body = await http.get<Row[] | { results: Row[] }>(API.cmdFilters, {
    params: { ids: ids.join(','), limit: ids.length, offset: 0 },
  });
  const rows = Array.isArray(body) ? body : body.results;
  return rows.map((row) => ({ id: String(row.id), name: String(row.name ?? row.id) }));
}

const setFilters = (object: Row, ids: string[]) => http.patch(systemUserUrl(object), { cmd_filters: ids });

/** Command filters apply to SSH sessions only, so 2.3 shows the card for SSH system users. */
export const systemUserCmdFilters: RelationDefinition = {
  title: 'assets.systemUser.cmdFilters',
  selectUrl: API.cmdFilters,
  when: isSsh,
  members: filtersOf,
  add: (object, ids) => setFilters(object, [...new Set([...filterIds(object), ...ids])]),
  remove: (object, id) =>
    setFilters(
      object,
      filterIds(object).filter((held) => held !== id),
    ),
};

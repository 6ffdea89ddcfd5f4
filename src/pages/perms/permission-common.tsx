import { createElement } from 'react';
import { http } from '../../core/http.ts';
import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import {
  type FormGroup,
  type ListColumnOverride,
  type ListDefinition,
  type QuickAction,
} from '../../core/resource/define.ts';
import type { FieldOverride } from '../../core/resource/fields.ts';
import type { FieldMeta } from '../../core/resource/metadata.ts';
import { toast } from '../../core/stores/notify.ts';
import { lazyComponent } from '../../core/ui/lazy-component.ts';
import { PICK, userText } from './api.ts';
import { choiceFilter } from './labels.ts';
import { ValidityBadge } from './validity.tsx';

// What the four permission kinds share (jumpserver-api.md §2.5: "same base fields"): who, the
// system users, the active switch and the validity window.

/** A many-to-many picker (the server describes these relations as single `field`s). */
export const many = (url: string, labelPath = 'name', label?: (row: Row) => string): FieldOverride => ({
  widget: 'remote-select',
  multiple: true,
  remote: { url, labelPath, label },
});

export const WHO_OVERRIDES: Record<string, FieldOverride> = {
  users: many(PICK.users, 'name', userText),
  user_groups: many(PICK.groups),
  // Required and non-empty: a permission without a system user grants nothing to log in as.
  system_users: { ...many(PICK.systemUsers), required: true },
};

export const WHO_GROUP: FormGroup = { title: 'perms.groups.users', items: ['users', 'user_groups'] };
export const OTHER_GROUP: FormGroup = {
  title: 'perms.groups.other',
  items: ['is_active', 'date_start', 'date_expired', 'comment'],
};

/** The list's validity column reads valid / expired / inactive instead of a bare tick. */
export const VALIDITY_COLUMN: Record<string, ListColumnOverride> = {
  is_valid: { kind: 'text', render: (row) => createElement(ValidityBadge, { row }) },
};

export const VALIDITY_RENDER = { is_valid: (row: Row) => createElement(ValidityBadge, { row }) };

export const IS_VALID_FILTER: Record<string, FieldMeta> = {
  is_valid: choiceFilter('perms.filter.isValid', [
    ['1', 'perms.filter.yes'],
    ['0', 'perms.filter.no'],
  ]),
};

/** Lists that only show what the server computed (no create, no bulk delete, no row actions). */
export function readOnlyList(columns: string[], overrides: Record<string, ListColumnOverride>): ListDefinition {
  return {
    columns,
    overrides,
    metadata: false,
    create: false,
    bulkDelete: false,
    defaultRowActions: { update: false, delete: false },
  };
}

/** The active switch of a permission's detail page: PATCH `is_active`, then read it again. */
export function activeSwitch(url: string) {
  return (permission: Row, reload: () => void): QuickAction[] => [
    {
      title: 'perms.quick.active',
      kind: 'switch',
      checked: Boolean(permission.is_active),
      disabled: permission.can_update === false,
      onChange: async (on) => {
        try {
          await http.patch(`${url}${String(permission.id)}/`, { is_active: on });
          toast.success(t('message.updateSuccess'));
        } catch {
          // http.ts has said why; the reload puts the switch back
        }
        reload();
      },
    },
  ];
}

type TabProps = { object: Row; reload: () => void };

// Detail tabs load on first use (src/core/README.md "First load"): the definitions are on the console's
// first screen, the cards and embedded lists they draw are not.

/** A detail tab of relation cards, one under the other. */
export { relationCardsTab } from '../../core/engine/detail/relation-tab.ts';

/** `<permission>/<what>/all/` (direct and inherited, computed by the server) as a read-only list of `<key>_display`. */
export const allListTab = (listUrl: string, what: string, key: string, title: string) =>
  lazyComponent<TabProps>(
    () => import('./permission-tab-views.tsx').then((m) => m.allListView(listUrl, what, key, title)),
    `All(${what})`,
  );

// /api/v1/assets/cmd-filters/<filter_id>/rules/ (§2.3, nested, not bulk): the rules of one filter,
// highest priority first. Registered by ../assets/routes.ts, not RESOURCES (the contract suite calls
// a definition URL as written, and this one has the filter id in its path).
import { everyAction, IsOrgAdmin, IsOrgAdminOrAppUser } from '../../core/permissions.ts';
import type { HookArgs, ResourceDef } from '../../engine/types.ts';
import {
  auditFields,
  idField,
  L,
  message,
  mergeErrors,
  noteField,
  stampNew,
  unknownIds,
} from '../../engine/field-kit.ts';
import { priorityErrors } from '../system-user-rules.ts';
import { filterVisible, setRuleFilter } from '../cmd-filter-store.ts';

const MAX_CONTENT = 1024;
const filterIdOf = (args: HookArgs) => (args.request.params as { filter_id?: string }).filter_id ?? '';

/** For `regex` rules every line must compile. */
function contentErrors(args: HookArgs, type: unknown, content: unknown): Record<string, string[]> | null {
  if (type !== 'regex' || typeof content !== 'string') return null;
  const bad = content
    .split(/\r?\n/)
    .filter(Boolean)
    .find((line) => {
      try {
        new RegExp(line);
        return false;
      } catch {
        return true;
      }
    });
  return bad === undefined
    ? null
    : { content: [message(args, L('正则表达式不合法: {value}', 'Invalid regex: {value}'), { value: bad })] };
}

export const cmdFilterRulesResource: ResourceDef = {
  name: 'Command Filter Rule List',
  model: L('命令过滤规则', 'Command filter rule'),
  url: '/api/v1/assets/cmd-filters/:filter_id/rules/',
  table: 'cmd_filter_rules',
  fields: {
    id: idField(),
    // Required in the body of create and update, as 2.3's serializer has it; the rule is stored under it.
    filter: {
      type: 'string',
      label: L('过滤器', 'Filter'),
      required: true,
      column: false,
      relation: '/api/v1/assets/cmd-filters/',
    },
    type: {
      type: 'choice',
      label: L('类型', 'Type'),
      default: 'command',
      choices: [
        { value: 'regex', label: L('正则表达式', 'Regex') },
        { value: 'command', label: L('命令', 'Command') },
      ],
    },
    content: { type: 'string', label: L('内容', 'Content'), required: true, max_length: MAX_CONTENT, multiline: true },
    priority: { type: 'integer', label: L('优先级', 'Priority'), default: 50 },
    action: {
      type: 'choice',
      label: L('动作', 'Action'),
      default: 0,
      choices: [
        { value: 0, label: L('拒绝', 'Deny') },
        { value: 1, label: L('允许', 'Allow') },
      ],
    },
    comment: noteField('备注', 'Comment', 64),
    ...auditFields(true),
  },
  searchFields: ['content'],
  filterFields: ['content'],
  orderingFields: ['priority', 'action'],
  defaultOrder: ['-priority', 'action'],
  fieldsMini: ['id'],
  fieldsSmall: [
    'id',
    'type',
    'type_display',
    'content',
    'priority',
    'action',
    'action_display',
    'comment',
    'created_by',
    'date_created',
    'date_updated',
  ],
  orgScoped: true,
  // Terminals (App accounts) read them to connect users (2.3: IsOrgAdminOrAppUser on reads).
  permissions: { ...everyAction(IsOrgAdmin), list: IsOrgAdminOrAppUser, retrieve: IsOrgAdminOrAppUser },
  scope: (args) => ({ sql: 'filter_id = ?', params: [filterIdOf(args)] }),
  hooks: {
    refuse: (args) =>
      filterVisible(args.db, filterIdOf(args), args.ctx.org)
        ? null
        : {
            status: 404,
            body: { detail: message(args, L('命令过滤器 对象不存在。', 'Command filter object does not exist.')) },
          },
    beforeCreate: (args, data) => {
      stampNew(true)(args, data);
      data.filter_id = data.filter ?? filterIdOf(args);
    },
    afterWrite: (args, id, data, mode) => {
      if (mode === 'update' && typeof data.filter === 'string') setRuleFilter(args.db, id, data.filter);
    },
    validate: (args, data, existing) =>
      mergeErrors(
        priorityErrors(args, data.priority),
        contentErrors(args, data.type ?? existing?.type, data.content ?? existing?.content),
        unknownIds(args, 'cmd_filters', 'filter', data.filter),
      ),
    serialize: (_args, row, out) => {
      out.filter = row.filter_id;
    },
  },
  // Callers put the filter of the URL in `filter` (see test/server/engine/fuzz-resources.test.ts).
  sample: () => ({
    create: [
      { content: 'rm -rf /', action: 0 },
      { content: 'ls\ncat', action: 1 },
    ],
    update: { priority: 80 },
  }),
};

import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { defineResource } from '../../core/resource/define.ts';
import type { FieldRule } from '../../core/resource/fields.ts';
import { PICK } from '../perms/api.ts';
import {
  DEFAULT_PATHS,
  fieldsToParams,
  PARAM_FIELDS,
  PARAM_KEYS,
  paramsToFields,
  pathFollowsType,
} from './remote-app-params.ts';
import { DATABASE_APP, KUBERNETES_APP, REMOTE_APP } from './section.ts';
import './i18n.ts';

// The three application kinds of jumpserver-api.md §2.4. UI paths follow ROUTES.md; the Kubernetes
// API segment is `k8s-apps`, so its pages name their API URL instead of deriving it from the path.

const byId = (url: string) => (id: string) => `${url}${id}/`;
/** `asset_info` is `{id, hostname}`: the host's name is what a reader needs. */
const hostOf = (app: Row) => String((app.asset_info as { hostname?: string } | null)?.hostname ?? '');

export const remoteApps = defineResource({
  ...REMOTE_APP,
  list: {
    columns: ['name', 'type', 'asset_info', 'comment', 'actions'],
    overrides: { asset_info: { kind: 'text', render: hostOf } },
    importExport: true,
    bulkUpdate: ['comment'],
  },
  form: {
    groups: [
      { title: 'applications.groups.basic', items: ['name', 'type', 'asset', 'path'] },
      { title: 'applications.groups.type', items: Object.values(PARAM_KEYS).flat() },
      { title: 'applications.groups.other', items: ['comment'] },
    ],
    initial: { type: 'chrome', path: DEFAULT_PATHS.chrome },
    overrides: {
      asset: { widget: 'remote-select', remote: { url: PICK.assets, labelPath: 'hostname' } },
      ...PARAM_FIELDS,
    },
    fromObject: paramsToFields,
    derive: pathFollowsType,
    beforeSubmit: fieldsToParams,
  },
  detail: {
    fields: ['name', 'type', 'asset_info', 'path', 'created_by', 'date_created', 'comment'],
    render: { asset_info: hostOf },
  },
});

export const databaseApps = defineResource({
  ...DATABASE_APP,
  list: {
    columns: ['name', 'type', 'host', 'port', 'database', 'comment', 'actions'],
    importExport: true,
    bulkUpdate: ['comment'],
  },
  form: {
    fields: ['name', 'type', 'host', 'port', 'database', 'comment'],
    initial: { type: 'mysql', port: 3306 },
  },
  detail: { fields: ['name', 'type', 'host', 'port', 'database', 'created_by', 'date_created', 'comment'] },
});

/** The cluster is the API server's URL: http(s) only, as the server checks too. */
const httpUrl: FieldRule = (value) =>
  /^https?:\/\/[^\s/]+/i.test(String(value)) ? undefined : t('applications.invalidUrl');

export const kubernetesApps = defineResource({
  ...KUBERNETES_APP,
  list: { columns: ['name', 'type', 'cluster', 'comment', 'actions'], importExport: true, bulkUpdate: ['comment'] },
  form: {
    fields: ['name', 'type', 'cluster', 'comment'],
    initial: { type: 'k8s' },
    overrides: { cluster: { widget: 'input', rules: [httpUrl], helpText: () => t('applications.help.cluster') } },
  },
  detail: {
    url: byId(KUBERNETES_APP.url),
    fields: ['name', 'type', 'cluster', 'created_by', 'date_created', 'comment'],
  },
});

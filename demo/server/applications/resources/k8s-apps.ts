// /api/v1/applications/k8s-apps/ (§2.4): a Kubernetes cluster, named by its API server URL.
import { auditFields, idField, L, noteField, stampNew } from '../../engine/field-kit.ts';
import { everyAction, IsOrgAdmin } from '../../core/permissions.ts';
import { k8sAppSample } from '../samples.ts';
import type { ResourceDef } from '../../engine/types.ts';

export const k8sAppsResource: ResourceDef = {
  name: 'K8s App List',
  model: L('Kubernetes应用', 'KubernetesApp'),
  url: '/api/v1/applications/k8s-apps/',
  table: 'k8s_apps',
  fields: {
    id: idField(),
    name: { type: 'string', label: L('名称', 'Name'), required: true, max_length: 128, unique: true },
    type: {
      type: 'choice',
      label: L('类型', 'Type'),
      choices: [{ value: 'k8s', label: L('Kubernetes', 'Kubernetes') }],
      default: 'k8s',
    },
    comment: noteField('备注', 'Comment', 128),
    ...auditFields(true),
    cluster: { type: 'url', label: L('集群', 'Cluster'), required: true, max_length: 1024 },
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name'],
  defaultOrder: ['name'],
  orgScoped: true,
  bulk: true,
  permissions: everyAction(IsOrgAdmin),
  hooks: { beforeCreate: stampNew(true) },
  sample: k8sAppSample,
};

// /api/v1/assets/assets/ (§2.3): org-scoped bulk assets; the rules live in ../assets/.
import { everyAction, IsOrgAdmin, IsOrgAdminOrAppUser } from '../../core/permissions.ts';
import type { FieldDef, ResourceDef } from '../../engine/types.ts';
import { formatDateTime } from '../../core/lib/time.ts';
import { ASSET_FILTERS } from '../asset-filters.ts';
import { assetConnectivity, serializeAsset, validateAsset, writeAssetRelations } from '../asset-writes.ts';
import {
  auditFields,
  computed,
  idField,
  L,
  readOnly,
  relationList,
  stampNew,
  textField,
  noteField,
} from '../../engine/field-kit.ts';
import { PROTOCOL_NAMES } from '../protocols.ts';
import { assetSample } from '../samples.ts';

const hardware = (type: FieldDef['type'], zh: string, en: string): FieldDef => readOnly(type, zh, en);

export const assetsResource: ResourceDef = {
  name: 'Asset List',
  model: L('资产', 'Asset'),
  url: '/api/v1/assets/assets/',
  table: 'assets',
  fields: {
    id: idField(),
    hostname: { type: 'string', label: L('主机名', 'Hostname'), required: true, max_length: 128 },
    ip: { type: 'string', label: L('IP', 'IP'), required: true, max_length: 128, format: 'ip' },
    protocols: { type: 'list', label: L('协议组', 'Protocols'), column: false },
    protocol: {
      type: 'choice',
      label: L('协议', 'Protocol'),
      write_only: true,
      column: false,
      choices: PROTOCOL_NAMES.map((p) => ({ value: p, label: L(p, p) })),
    },
    port: {
      type: 'integer',
      label: L('端口', 'Port'),
      write_only: true,
      column: false,
      min_value: 1,
      max_value: 65535,
    },
    platform: {
      type: 'string',
      label: L('系统平台', 'Platform'),
      required: true,
      max_length: 50,
      relation: '/api/v1/assets/platforms/',
    },
    admin_user: {
      type: 'string',
      label: L('管理用户', 'Admin user'),
      allow_null: true,
      relation: '/api/v1/assets/admin-users/',
    },
    admin_user_display: computed('string', '管理用户名称', 'Admin user display'),
    domain: { type: 'string', label: L('网域', 'Domain'), allow_null: true, relation: '/api/v1/assets/domains/' },
    domain_display: computed('string', '网域名称', 'Domain name'),
    nodes: relationList('节点', 'Nodes', '/api/v1/assets/nodes/'),
    labels: relationList('标签管理', 'Labels', '/api/v1/assets/labels/'),
    is_active: { type: 'boolean', label: L('激活', 'Is active'), default: true },
    public_ip: textField('公网IP', 'Public IP', 128),
    number: textField('资产编号', 'Asset number', 32),
    comment: noteField('备注', 'Comment', 128),
    vendor: hardware('string', '制造商', 'Vendor'),
    model: hardware('string', '型号', 'Model'),
    sn: hardware('string', '序列号', 'Serial number'),
    cpu_model: hardware('string', 'CPU型号', 'CPU model'),
    cpu_count: hardware('integer', 'CPU数量', 'CPU count'),
    cpu_cores: hardware('integer', 'CPU核数', 'CPU cores'),
    cpu_vcpus: hardware('integer', 'CPU总数', 'CPU vcpus'),
    memory: hardware('string', '内存', 'Memory'),
    disk_total: hardware('string', '硬盘大小', 'Disk total'),
    disk_info: hardware('string', '硬盘信息', 'Disk info'),
    os: hardware('string', '操作系统', 'OS'),
    os_version: hardware('string', '系统版本', 'OS version'),
    os_arch: hardware('string', '系统架构', 'OS arch'),
    hostname_raw: hardware('string', '主机名原始', 'Hostname raw'),
    hardware_info: computed('string', '硬件信息', 'Hardware info'),
    ...auditFields(false),
  },
  displayFields: { connectivity: computed('field', '连接', 'Connectivity') },
  searchFields: ['hostname', 'ip'],
  ftsTable: 'assets_fts',
  filterFields: ['hostname', 'ip', 'is_active'],
  extraFilters: ASSET_FILTERS,
  orderingFields: ['hostname', 'ip', 'port', 'cpu_cores'],
  defaultOrder: ['hostname'],
  fieldsMini: ['id', 'hostname', 'ip'],
  // 2.3's AssetSerializer.Meta.fields_small (protocol/port are write-only here).
  fieldsSmall: [
    'id',
    'hostname',
    'ip',
    'protocols',
    'is_active',
    'public_ip',
    'number',
    'vendor',
    'model',
    'sn',
    'cpu_model',
    'cpu_count',
    'cpu_cores',
    'cpu_vcpus',
    'memory',
    'disk_total',
    'disk_info',
    'os',
    'os_version',
    'os_arch',
    'hostname_raw',
    'comment',
    'created_by',
    'date_created',
    'hardware_info',
  ],
  orgScoped: true,
  bulk: true,
  // Terminals (App accounts) read them to connect users (2.3: IsOrgAdminOrAppUser on reads).
  permissions: { ...everyAction(IsOrgAdmin), list: IsOrgAdminOrAppUser, retrieve: IsOrgAdminOrAppUser },
  hooks: {
    beforeCreate: stampNew(false),
    validate: validateAsset,
    afterWrite: writeAssetRelations,
    serialize: (args, row, out) => serializeAsset(args, row, out),
    display: (args, row, out) => {
      const { status, datetime } = assetConnectivity(row);
      out.connectivity = { status, datetime: formatDateTime(datetime, args.ctx.tz) };
    },
  },
  sample: assetSample,
};

// The three application kinds of §2.4/§2.5 and everything that differs between them: tables, URL
// segments, relation keys, and the one protocol their system users must speak (remote apps run over
// RDP, database apps over MySQL, Kubernetes apps over k8s). Every app-permission and app-grant module
// is written once over this table.
import type { Localized } from '../core/lib/i18n.ts';
import { L } from '../engine/field-kit.ts';

export interface AppKind {
  /** `meta.type` of tree items: remote_app | database_app | k8s_app. */
  kind: 'remote_app' | 'database_app' | 'k8s_app';
  /** URL segment: remote-apps. */
  segment: string;
  /** Field of the permission holding the app ids: remote_apps. */
  field: string;
  /** The apps' table (also the through-table suffix): remote_apps. */
  table: 'remote_apps' | 'database_apps' | 'k8s_apps';
  /** 2.3's relation key for the app / the permission: remoteapp / remoteapppermission. */
  appKey: string;
  permKey: string;
  /** The permission table (`<prefix>s`) and its through tables (`<prefix>_<links>`). */
  prefix: string;
  /** The app column of `<prefix>_<table>`. */
  appColumn: string;
  protocol: 'rdp' | 'mysql' | 'k8s';
  treeRoot: string;
  /** `title` of the tree's root item (untranslated in 2.3). */
  treeTitle: string;
  label: Localized;
  permissionLabel: Localized;
  appsUrl: string;
}

export const REMOTE_APP: AppKind = {
  kind: 'remote_app',
  segment: 'remote-apps',
  field: 'remote_apps',
  table: 'remote_apps',
  appKey: 'remoteapp',
  permKey: 'remoteapppermission',
  prefix: 'remote_app_permission',
  appColumn: 'remoteapp_id',
  protocol: 'rdp',
  treeRoot: 'ID_REMOTE_APP_ROOT',
  treeTitle: 'RemoteApp',
  label: L('远程应用', 'RemoteApp'),
  permissionLabel: L('远程应用授权', 'RemoteApp permission'),
  appsUrl: '/api/v1/applications/remote-apps/',
};

export const DATABASE_APP: AppKind = {
  kind: 'database_app',
  segment: 'database-apps',
  field: 'database_apps',
  table: 'database_apps',
  appKey: 'databaseapp',
  permKey: 'databaseapppermission',
  prefix: 'database_app_permission',
  appColumn: 'databaseapp_id',
  protocol: 'mysql',
  treeRoot: 'ID_DATABASE_APP_ROOT',
  treeTitle: 'DatabaseApp',
  label: L('数据库应用', 'DatabaseApp'),
  permissionLabel: L('数据库应用授权', 'DatabaseApp permission'),
  appsUrl: '/api/v1/applications/database-apps/',
};

export const K8S_APP: AppKind = {
  kind: 'k8s_app',
  segment: 'k8s-apps',
  field: 'k8s_apps',
  table: 'k8s_apps',
  appKey: 'k8sapp',
  permKey: 'k8sapppermission',
  prefix: 'k8s_app_permission',
  appColumn: 'k8sapp_id',
  protocol: 'k8s',
  treeRoot: 'ID_K8S_APP_ROOT',
  treeTitle: 'K8sApp',
  label: L('Kubernetes应用', 'KubernetesApp'),
  permissionLabel: L('Kubernetes应用授权', 'KubernetesApp permission'),
  appsUrl: '/api/v1/applications/k8s-apps/',
};

export const APP_KINDS: readonly AppKind[] = [REMOTE_APP, DATABASE_APP, K8S_APP];

/** The permission's links: field, through table suffix, column naming the other side, other table. */
export const appPermissionLinks = (kind: AppKind) =>
  [
    { field: 'users', table: 'users', column: 'user_id', target: 'users' },
    { field: 'user_groups', table: 'user_groups', column: 'usergroup_id', target: 'user_groups' },
    { field: kind.field, table: kind.table, column: kind.appColumn, target: kind.table },
    { field: 'system_users', table: 'system_users', column: 'systemuser_id', target: 'system_users' },
  ] as const;

import type { Translation } from '../../core/i18n/index.ts'
import type { zh } from './i18n.ts'

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
    perms: {
      groups: { basic: 'Basic', users: 'Users', assets: 'Assets', apps: 'Applications', actions: 'Actions', other: 'Other' },
      validity: { valid: 'Valid', expired: 'Expired', inactive: 'Inactive' },
      tabs: {
        users: 'Users and user groups', assets: 'Assets and nodes', systemUsers: 'System users', allUsers: 'All users',
        allAssets: 'All assets', apps: 'Applications and system users', grantedAssets: 'Granted assets',
        assetPermissions: 'Asset permissions', grantedUsers: 'Granted users', grantedRemoteApps: 'Granted remote apps',
        grantedDatabases: 'Granted databases',
      },
      relation: {
        users: 'Users', userGroups: 'User groups', assets: 'Assets', nodes: 'Nodes', systemUsers: 'System users',
        remoteApps: 'Remote apps', databaseApps: 'Database apps', k8sApps: 'Kubernetes apps',
      },
      column: { name: 'Name', get_type_display: 'Type', host: 'Host', port: 'Port', database: 'Database', platform: 'Platform', user: 'User', asset: 'Asset', hostname: 'Hostname', ip: 'IP', systemUsers: 'System users', permission: 'Permission' },
      filter: {
        isValid: 'Is valid', username: 'Username', userGroup: 'User group', hostname: 'Hostname', ip: 'IP', node: 'Node',
        systemUser: 'System user', all: 'Inherit', include: 'Include', exclude: 'Exclude', yes: 'Yes', no: 'No',
      },
      refreshCache: 'Refresh permission cache',
      quick: { active: 'Active' },
      actions: {
        all: 'All', connect: 'Connect', upload_file: 'Upload file', download_file: 'Download file', updownload: 'Upload download',
        clipboard_copy: 'Clipboard copy', clipboard_paste: 'Clipboard paste', clipboard_copy_paste: 'Clipboard copy paste',
      },
      granted: { nodes: 'Nodes', noUsers: 'No user is granted this asset' },
    },
  }

export default en

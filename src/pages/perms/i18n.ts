import { registerMessages } from '../../core/i18n/index.ts'

// Wording of the Permissions section (and the granted tabs it adds to other detail pages).
export const zh = {
    perms: {
      groups: { basic: '基本', users: '用户', assets: '资产', apps: '应用', actions: '动作', other: '其它' },
      validity: { valid: '有效', expired: '已过期', inactive: '未激活' },
      tabs: {
        users: '用户与用户组', assets: '资产与节点', systemUsers: '系统用户', allUsers: '全部用户', allAssets: '全部资产',
        apps: '应用与系统用户', grantedAssets: '授权的资产', assetPermissions: '资产授权', grantedUsers: '授权的用户',
        grantedRemoteApps: '授权的远程应用', grantedDatabases: '授权的数据库',
      },
      relation: {
        users: '用户', userGroups: '用户组', assets: '资产', nodes: '节点', systemUsers: '系统用户',
        remoteApps: '远程应用', databaseApps: '数据库应用', k8sApps: 'Kubernetes应用',
      },
      column: { name: '名称', get_type_display: '类型', host: '主机', port: '端口', database: '数据库', platform: '系统平台', user: '用户', asset: '资产', hostname: '主机名', ip: 'IP', systemUsers: '系统用户', permission: '授权规则' },
      filter: {
        isValid: '有效', username: '用户名', userGroup: '用户组', hostname: '主机名', ip: 'IP', node: '节点',
        systemUser: '系统用户', all: '继承', include: '包含', exclude: '不包含', yes: '是', no: '否',
      },
      refreshCache: '刷新授权缓存',
      quick: { active: '激活中' },
      actions: {
        all: '全部', connect: '连接', upload_file: '上传文件', download_file: '下载文件', updownload: '上传下载',
        clipboard_copy: '剪贴板复制', clipboard_paste: '剪贴板粘贴', clipboard_copy_paste: '剪贴板复制粘贴',
      },
      granted: { nodes: '节点', noUsers: '没有用户被授权访问此资产' },
    },
  }

registerMessages({ zh, en: () => import('./i18n.en.ts') })

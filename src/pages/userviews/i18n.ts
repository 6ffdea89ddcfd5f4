import { registerMessages } from '../../core/i18n/index.ts';

// Texts of the user page (My assets, My apps). Empty states name what to ask an administrator for.

export const zh = {
  userviews: {
    columns: {
      hostname: '主机名',
      ip: 'IP',
      platform: '系统平台',
      systemUsers: '系统用户',
      comment: '备注',
      org: '组织',
      name: '名称',
      type: '类型',
      asset: '资产',
      database: '数据库',
      host: '主机',
      cluster: '集群',
    },
    tree: { title: '我的资产树', all: '全部资产' },
    connect: '连接',
    star: '收藏',
    unstar: '取消收藏',
    starred: '已收藏',
    unstarred: '已取消收藏',
    noSystemUsers: '无',
    empty: {
      assets: '您还没有被授权任何资产。请联系管理员为您创建资产授权（资产或节点，以及登录用的系统用户）。',
      favorites: '收藏夹为空：点击资产右侧的星标将其加入收藏。',
      node: '此节点下没有授权给您的资产。',
      search: '没有匹配的资产。',
      remoteApps: '您还没有被授权任何远程应用。请联系管理员为您创建远程应用授权（应用及系统用户）。',
      databaseApps: '您还没有被授权任何数据库应用。请联系管理员为您创建数据库应用授权（应用及系统用户）。',
      k8sApps: '您还没有被授权任何 Kubernetes 应用。请联系管理员为您创建 Kubernetes 应用授权（应用及系统用户）。',
    },
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });

import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  userviews: {
    columns: {
      hostname: 'Hostname',
      ip: 'IP',
      platform: 'Platform',
      systemUsers: 'System users',
      comment: 'Comment',
      org: 'Organization',
      name: 'Name',
      type: 'Type',
      asset: 'Asset',
      database: 'Database',
      host: 'Host',
      cluster: 'Cluster',
    },
    tree: { title: 'My asset tree', all: 'All assets' },
    connect: 'Connect',
    star: 'Add to favorites',
    unstar: 'Remove from favorites',
    starred: 'Added to favorites',
    unstarred: 'Removed from favorites',
    noSystemUsers: 'None',
    empty: {
      assets:
        'No assets have been granted to you yet. Ask an administrator for an asset permission (assets or nodes, and a system user to log in as).',
      favorites: 'No favorites yet: click the star beside an asset to add it here.',
      node: 'No assets granted to you under this node.',
      search: 'No matching assets.',
      remoteApps:
        'No remote apps have been granted to you yet. Ask an administrator for a remote app permission (the apps and a system user).',
      databaseApps:
        'No database apps have been granted to you yet. Ask an administrator for a database app permission (the apps and a system user).',
      k8sApps:
        'No Kubernetes apps have been granted to you yet. Ask an administrator for a Kubernetes app permission (the apps and a system user).',
    },
  },
};

export default en;

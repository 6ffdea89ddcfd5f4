import type { ResourceRoutesStub } from '../../core/resource/route-stub.ts';

// What the route table needs of the three application kinds; their definitions (forms with the remote
// app's type parameters, messages) load with the section's first page (core/engine/lazy-routes.ts).

const APPS = '/api/v1/applications/';

export const REMOTE_APP = {
  name: 'RemoteApp',
  url: `${APPS}remote-apps/`,
  path: '/applications/remote-apps',
  icon: 'window',
} satisfies ResourceRoutesStub;
export const DATABASE_APP = {
  name: 'DatabaseApp',
  url: `${APPS}database-apps/`,
  path: '/applications/database-apps',
  icon: 'database',
} satisfies ResourceRoutesStub;
export const KUBERNETES_APP = {
  name: 'KubernetesApp',
  url: `${APPS}k8s-apps/`,
  path: '/applications/kubernetes-apps',
  icon: 'boxes',
} satisfies ResourceRoutesStub;

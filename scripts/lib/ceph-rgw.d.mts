// Types of ceph-rgw.mjs for the tests and benches that start a private S3 server.
export const RADOSGW: string;
export const CEPH_BINARIES: string[];
export const CEPH_PACKAGES: string;
export function cephInstalled(): boolean;
export interface CephRgw {
  endpoint: string; accessKey: string; secretKey: string; region: string; dir: string;
  /** The S3 endpoint goes away; the cluster and its objects stay (a store outage). */
  stopGateway(): Promise<void>;
  /** The gateway back on the same port. */
  startGateway(): Promise<void>;
  stop(): Promise<void>;
}
export function startCephRgw(options?: { memstoreBytes?: number }): Promise<CephRgw>;

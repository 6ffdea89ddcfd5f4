// `<kind>-storages/<id>/test-connective/` (§2.6): answers honestly. Built-in types are valid; object
// stores get a signed (AWS SigV4, path style) HEAD of the bucket at ENDPOINT; Azure an anonymous HEAD of the
// container (SharedKey signing is not implemented: a private container answers 403, reported as such);
// Elasticsearch a GET of each host's root. Every target passes the outbound allow-list first
// (shared/allowed-targets.ts) and is reached at the checked address; failures say what happened.
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { resolveAllowed, type TargetPolicy } from '../../shared/allowed-targets.ts';
import { BUILT_IN_TYPES } from './storage-meta.ts';

const TIMEOUT_MS = 5_000;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export interface TestResult {
  is_valid: boolean;
  msg: string;
}
interface Answer {
  status: number;
  body: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** One HTTP(S) request to `url`, connecting to the allow-listed address of its host. */
async function request(
  url: URL,
  method: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const address = await resolveAllowed(host, policy);
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        host: address,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method,
        headers: { host: url.host, ...headers },
        timeout: TIMEOUT_MS,
        ...(secure && !isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < 4096) body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

function endpointOf(raw: unknown): URL {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) throw new Error('ENDPOINT is not set');
  const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('ENDPOINT must be an http(s) URL');
  return url;
}

/** HEAD <endpoint>/<bucket>, signed with AWS Signature V4 (S3, Ceph RGW, MinIO, Swift's S3 API, OSS's S3 API). */
async function testBucket(meta: Record<string, unknown>, policy: TargetPolicy, nowMs: number): Promise<Answer> {
  const bucket = String(meta.BUCKET ?? '').trim();
  if (!bucket) throw new Error('BUCKET is not set');
  const endpoint = endpointOf(meta.ENDPOINT);
  const url = new URL(`${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(bucket)}`, endpoint);
  const region = String(meta.REGION ?? '').trim() || 'us-east-1';
  const amzDate = new Date(nowMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const signed = 'host;x-amz-content-sha256;x-amz-date';
  const canonical = [
    'HEAD',
    url.pathname,
    '',
    `host:${url.host}`,
    `x-amz-content-sha256:${EMPTY_SHA256}`,
    `x-amz-date:${amzDate}`,
    '',
    signed,
    EMPTY_SHA256,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${String(meta.SECRET_KEY ?? '')}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return request(
    url,
    'HEAD',
    {
      'x-amz-date': amzDate,
      'x-amz-content-sha256': EMPTY_SHA256,
      authorization: `AWS4-HMAC-SHA256 Credential=${String(meta.ACCESS_KEY ?? '')}/${scope}, SignedHeaders=${signed}, Signature=${signature}`,
    },
    policy,
  );
}

async function testAzure(meta: Record<string, unknown>, policy: TargetPolicy): Promise<Answer> {
  const account = String(meta.ACCOUNT_NAME ?? '').trim();
  const container = String(meta.CONTAINER_NAME ?? '').trim();
  const suffix = String(meta.ENDPOINT_SUFFIX ?? '').trim() || 'core.windows.net';
  if (!account || !container) throw new Error('ACCOUNT_NAME and CONTAINER_NAME are required');
  return request(
    new URL(`https://${account}.blob.${suffix}/${encodeURIComponent(container)}?restype=container`),
    'HEAD',
    { 'x-ms-version': '2019-12-12' },
    policy,
  );
}

async function testElasticsearch(meta: Record<string, unknown>, policy: TargetPolicy): Promise<Answer> {
  const hosts = Array.isArray(meta.HOSTS) ? meta.HOSTS.map(String) : [];
  if (!hosts.length) throw new Error('HOSTS is not set');
  const failures: string[] = [];
  for (const host of hosts) {
    try {
      const answer = await request(endpointOf(host), 'GET', { accept: 'application/json' }, policy);
      // An Elasticsearch root answers its version; anything else is not the server we want.
      if (answer.status === 200 && /"version"\s*:/.test(answer.body)) return answer;
      failures.push(`${host}: HTTP ${answer.status}`);
    } catch (error) {
      failures.push(`${host}: ${(error as Error).message}`);
    }
  }
  throw new Error(failures.join('; '));
}

export async function testStorage(
  type: string,
  meta: Record<string, unknown>,
  policy: TargetPolicy,
  nowMs: number,
  lang: 'zh' | 'en',
): Promise<TestResult> {
  const ok = lang === 'zh' ? '测试成功' : 'Test successful';
  const failed = (reason: string) => ({
    is_valid: false,
    msg: `${lang === 'zh' ? '测试失败' : 'Test failure'}: ${reason}`,
  });
  if (BUILT_IN_TYPES.has(type)) return { is_valid: true, msg: ok };
  try {
    const answer =
      type === 'es'
        ? await testElasticsearch(meta, policy)
        : type === 'azure'
          ? await testAzure(meta, policy)
          : await testBucket(meta, policy, nowMs);
    if (answer.status >= 200 && answer.status < 300) return { is_valid: true, msg: ok };
    const why =
      answer.status === 403 || answer.status === 401
        ? 'Account invalid'
        : answer.status === 404
          ? 'bucket or container not found'
          : 'unexpected answer';
    return failed(`${why} (HTTP ${answer.status})`);
  } catch (error) {
    return failed((error as Error).message);
  }
}

import { apiUrl, http } from '../../core/http.ts';
import { COOKIE, getCookie } from '../../core/cookies.ts';
import { $lang } from '../../core/stores/locale.ts';

// What the file manager asks: the server's `/koko/files/` requests, which it passes (signed) to the
// terminal component; the same tree, grant checks and FTP log rows as SFTP through the SSH door.

export const FILES_BASE = '/koko/files/';

export interface FileRow {
  name: string;
  size: number;
  mtime: number;
  mode: number;
  is_dir: boolean;
  permissions: string;
}
export interface Listing {
  path: string;
  entries: FileRow[];
  actions: string[];
  writable: boolean;
}

const parsed = <T>(data: unknown): T => (typeof data === 'string' ? (JSON.parse(data) as T) : (data as T));
const q = encodeURIComponent;

export async function listFolder(path: string): Promise<Listing> {
  return parsed<Listing>(await http.get(`${FILES_BASE}list`, { params: { path }, disableFlashErrMsg: true }));
}

export async function locate(asset: string, systemUser?: string): Promise<string> {
  return parsed<{ path: string }>(
    await http.get(`${FILES_BASE}locate`, { params: { asset, system_user: systemUser }, disableFlashErrMsg: true }),
  ).path;
}

export async function makeFolder(path: string): Promise<void> {
  await http.post(`${FILES_BASE}mkdir?path=${q(path)}`, undefined, { disableFlashErrMsg: true });
}

export async function renameEntry(from: string, to: string): Promise<void> {
  await http.post(`${FILES_BASE}rename?from=${q(from)}&to=${q(to)}`, undefined, { disableFlashErrMsg: true });
}

export async function removeEntry(path: string): Promise<void> {
  await http.post(`${FILES_BASE}remove?path=${q(path)}`, undefined, { disableFlashErrMsg: true });
}

/** The download's address: the browser saves what streams from it. */
export const downloadUrl = (path: string) => apiUrl(`${FILES_BASE}download?path=${q(path)}`);

export interface Upload {
  promise: Promise<void>;
  cancel(): void;
}

/**
 * Sends one file as the request body (XMLHttpRequest: fetch reports no upload progress), with the
 * session's CSRF token; `progress` gets the fraction sent. Rejects with the server's message.
 */
export function uploadFile(path: string, file: File, progress: (fraction: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<void>((resolve, reject) => {
    xhr.open('PUT', apiUrl(`${FILES_BASE}upload?path=${q(path)}`));
    xhr.withCredentials = true;
    const csrf = getCookie(COOKIE.csrftoken);
    if (csrf) xhr.setRequestHeader('X-CSRFToken', csrf);
    xhr.setRequestHeader('Accept-Language', $lang.get() === 'zh' ? 'zh-hans' : 'en');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) progress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let detail = `HTTP ${xhr.status}`;
      try {
        detail = (JSON.parse(xhr.responseText) as { detail?: string }).detail ?? detail;
      } catch {
        /* not JSON */
      }
      reject(new Error(detail));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    xhr.send(file);
  });
  return { promise, cancel: () => xhr.abort() };
}

/** The server's words for a failed call (its `detail`), else the error's own. */
export function failureText(error: unknown): string {
  const data = (error as { data?: unknown }).data;
  const body =
    typeof data === 'string'
      ? (() => {
          try {
            return JSON.parse(data) as { detail?: string };
          } catch {
            return null;
          }
        })()
      : (data as { detail?: string } | null);
  return body?.detail ?? (error as Error).message;
}

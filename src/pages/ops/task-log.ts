import { apiUrl, http } from '../../core/http.ts';

// jumpserver-api.md §1.13: the task log two ways. The WebSocket `/ws/ops/tasks/log/` (send
// `{"task": id}`, receive `{"message", "task"}` frames, our server ends with `{"end": true}`) pushes
// the log as it grows; GET /api/v1/ops/celery/task/<id>/log/?mark= → {data, end, mark} is read when
// no socket can be opened (a server without it, a proxy that refuses upgrades), and takes over from
// where the socket stopped if it closes before the end.

export interface LogChunk {
  data?: string;
  end?: boolean;
  mark?: string;
}

export const taskLogApi = (id: string): string => `/api/v1/ops/celery/task/${encodeURIComponent(id)}/log/`;
export const TASK_LOG_SOCKET = '/ws/ops/tasks/log/';

/** How long to wait between two reads while the task still runs. */
export const POLL_MS = 500;

export interface FollowOptions {
  onData: (text: string) => void;
  onEnd: () => void;
  onError?: (error: unknown) => void;
  intervalMs?: number;
}

let socketsEnabled = true;

/** Tests that stub fetch turn the socket off, so the log comes from their stubbed reads only. */
export function setTaskLogSockets(enabled: boolean): void {
  socketsEnabled = enabled;
}

/** The socket's address on the API's origin (the page's, unless the API lives elsewhere). */
function socketUrl(): string {
  const url = new URL(apiUrl(TASK_LOG_SOCKET), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Reads the log from `mark` to `mark` until the server says `end`; returns a stop function (the
 * page leaves). One request at a time, so chunks arrive in order. `skip` characters of the log were
 * already shown (by the socket) and are not shown again.
 */
function pollTaskLog(id: string, options: FollowOptions, skip = 0): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let mark = '';
  let left = skip;
  const next = async () => {
    if (stopped) return;
    try {
      const chunk = await http.get<LogChunk>(taskLogApi(id), { params: { mark }, disableFlashErrMsg: true });
      if (stopped) return;
      // Before the log exists the server answers a waiting text without a mark: shown, not counted.
      let data = chunk?.mark ? (chunk.data ?? '') : (chunk?.data ?? '');
      if (chunk?.mark && left) {
        const dropped = Math.min(left, data.length);
        data = data.slice(dropped);
        left -= dropped;
      }
      if (data && (chunk?.mark || !skip)) options.onData(data);
      if (chunk?.mark) mark = chunk.mark;
      if (chunk?.end) return options.onEnd();
    } catch (error) {
      if (stopped) return;
      options.onError?.(error);
    }
    timer = setTimeout(() => void next(), options.intervalMs ?? POLL_MS);
  };
  void next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Follows a task's log until it ends: over the WebSocket where the server has one, else by reading
 * the JSON log. Returns the stop function.
 */
export function followTaskLog(id: string, options: FollowOptions): () => void {
  if (!socketsEnabled || typeof WebSocket === 'undefined') return pollTaskLog(id, options);
  let stopped = false;
  let ended = false;
  let shown = 0;
  let stopPolling: (() => void) | undefined;
  let socket: WebSocket;
  try {
    socket = new WebSocket(socketUrl());
  } catch {
    return pollTaskLog(id, options);
  }
  const fallBack = () => {
    if (stopped || ended || stopPolling) return;
    stopPolling = pollTaskLog(id, options, shown);
  };
  socket.onopen = () => socket.send(JSON.stringify({ task: id }));
  socket.onmessage = (event) => {
    if (stopped || stopPolling) return;
    let frame: { message?: unknown; task?: unknown; end?: unknown };
    try {
      frame = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (frame.task !== undefined && frame.task !== id) return;
    const message = typeof frame.message === 'string' ? frame.message : '';
    // The dots say "waiting for the task to start"; they are not part of the log.
    if (message && message !== '.') shown += message.length;
    if (message) options.onData(message);
    if (frame.end === true) {
      ended = true;
      socket.close();
      options.onEnd();
    }
  };
  socket.onerror = () => fallBack();
  socket.onclose = () => fallBack();
  return () => {
    stopped = true;
    stopPolling?.();
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
  };
}

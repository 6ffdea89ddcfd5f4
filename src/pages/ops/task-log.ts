import { http } from '../../core/http.ts'

// jumpserver-api.md §1.13: GET /api/v1/ops/celery/task/<id>/log/?mark= → {data, end, mark}.

export interface LogChunk {
  data?: string
  end?: boolean
  mark?: string
}

export const taskLogApi = (id: string): string => `/api/v1/ops/celery/task/${encodeURIComponent(id)}/log/`

/** How long to wait between two reads while the task still runs. */
export const POLL_MS = 500

export interface FollowOptions {
  onData: (text: string) => void
  onEnd: () => void
  onError?: (error: unknown) => void
  intervalMs?: number
}

/**
 * Reads the log from `mark` to `mark` until the server says `end`; returns a stop function (the
 * page leaves). One request at a time, so chunks arrive in order.
 */
export function followTaskLog(id: string, options: FollowOptions): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let mark = ''
  const next = async () => {
    if (stopped) return
    try {
      const chunk = await http.get<LogChunk>(taskLogApi(id), { params: { mark }, disableFlashErrMsg: true })
      if (stopped) return
      if (chunk?.data) options.onData(chunk.data)
      if (chunk?.mark) mark = chunk.mark
      if (chunk?.end) return options.onEnd()
    } catch (error) {
      if (stopped) return
      options.onError?.(error)
    }
    timer = setTimeout(() => void next(), options.intervalMs ?? POLL_MS)
  }
  void next()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

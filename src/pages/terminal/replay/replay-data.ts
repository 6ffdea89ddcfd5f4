import { http } from '../../../core/http.ts'
import { parseDateTime } from '../../../core/resource/datetime.ts'

// What the player asks the API: the session (its start anchors the commands), the replay's `src`
// (followed as given, never built here) and the session's commands.

export interface SessionInfo { id: string; user?: string; asset?: string; date_start?: string; date_end?: string | null }
export interface ReplayInfo { type?: string; src?: string; error?: string }
export interface CommandRow { id: string; input: string; output?: string; timestamp: number; risk_level?: number }
/** A command placed on the recording's clock. */
export interface PlacedCommand extends CommandRow { offset: number }

const PAGE = 500

const base = (id: string) => `/api/v1/terminal/sessions/${encodeURIComponent(id)}/`

export function loadSession(id: string): Promise<SessionInfo> {
  return http.get<SessionInfo>(base(id), { disableFlashErrMsg: true })
}

export async function loadReplay(id: string): Promise<ReplayInfo> {
  const replay = await http.get<ReplayInfo>(`${base(id)}replay/`, { disableFlashErrMsg: true })
  if (replay.error || !replay.src) throw new Error(replay.error ?? 'no replay')
  return replay
}

/** Epoch seconds of the session's start, or null when the server sent something unreadable. */
export function sessionStart(session: SessionInfo): number | null {
  const date = parseDateTime(session.date_start)
  return date ? date.getTime() / 1000 : null
}

/**
 * Every command of the session, in time order. Asked beside the session itself (not after it): with
 * `session_id` the commands API applies no default date window (demo/server/terminal/README.md).
 */
export async function loadCommands(sessionId: string): Promise<CommandRow[]> {
  const rows: CommandRow[] = []
  for (let offset = 0; ; offset += PAGE) {
    const page = await http.get<CommandRow[] | { count: number; results: CommandRow[] }>('/api/v1/terminal/commands/',
      { params: { session_id: sessionId, limit: PAGE, offset }, disableFlashErrMsg: true })
    const results = Array.isArray(page) ? page : page.results
    rows.push(...results)
    if (Array.isArray(page) || results.length === 0 || rows.length >= page.count) break
  }
  return rows.sort((a, b) => a.timestamp - b.timestamp)
}

export function placeCommands(commands: CommandRow[], start: number | null): PlacedCommand[] {
  const origin = start ?? commands[0]?.timestamp ?? 0
  return commands.map((command) => ({ ...command, offset: Math.max(0, command.timestamp - origin) }))
}

/** The command playing at `position`: the last one that started at or before it. */
export function currentCommand(commands: PlacedCommand[], position: number): number {
  let low = 0
  let high = commands.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (commands[mid].offset <= position) low = mid + 1
    else high = mid
  }
  return low - 1
}

/** `start` as seconds: a number, a numeric string, or a command id of this session. */
export function startSeconds(start: number | string | undefined, commands: PlacedCommand[]): number {
  if (start === undefined || start === '') return 0
  const seconds = Number(start)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  return commands.find((command) => command.id === start)?.offset ?? 0
}

import { apiUrl, http } from '../../core/http.ts'
import { MY_ASSETS, assetSystemUsersUrl, loadSystemUsers, type GrantedSystemUser } from '../userviews/api.ts'

// What the web terminal asks the server: the signed-in user's own grants (the "my" endpoints of
// jumpserver-api.md §2.5, as the user page reads them) and a connection token for the terminal socket.

export const CONNECTION_TOKEN_URL = '/api/v1/users/connection-token/'
/** The terminal component's socket, which the server passes through (ROUTES.md: koko). */
export const TERMINAL_SOCKET_PATH = '/koko/ws/terminal/'
/** Protocols the terminal component (demo/terminal) connects with: SSH only (no telnet, no graphical ones). */
const TERMINAL_PROTOCOLS = new Set(['ssh'])

export interface GrantedAsset { id: string; hostname: string; ip: string; platform?: string; org_name?: string }

/** The asset if it is granted to the signed-in user, else null (unknown and ungranted look alike). */
export async function loadGrantedAsset(id: string): Promise<GrantedAsset | null> {
  const rows = await http.get<unknown>(MY_ASSETS, { params: { id }, disableFlashErrMsg: true })
  const list = Array.isArray(rows) ? rows : ((rows as { results?: unknown[] })?.results ?? [])
  return (list as GrantedAsset[]).find((asset) => asset.id === id) ?? null
}

/** The granted system users of an asset that may open a terminal: a terminal protocol and `connect`. */
export async function loadTerminalSystemUsers(assetId: string): Promise<GrantedSystemUser[]> {
  const users = await loadSystemUsers(assetSystemUsersUrl(assetId))
  return users.filter((user) => TERMINAL_PROTOCOLS.has(user.protocol ?? 'ssh') && canConnect(user))
}

const canConnect = (user: GrantedSystemUser & { actions?: unknown }) =>
  !Array.isArray(user.actions) || user.actions.includes('connect') || user.actions.includes('all')

/** A single-use token the terminal exchanges for who connects where, as whom (§2 web terminal tokens). */
export async function createConnectionToken(user: string, asset: string, systemUser: string): Promise<string> {
  const answer = await http.post<{ token?: string }>(CONNECTION_TOKEN_URL, { user, asset, system_user: systemUser }, { disableFlashErrMsg: true })
  if (!answer?.token) throw new Error('no token')
  return answer.token
}

/** ws(s):// URL of the terminal socket on the API's origin (this page's unless api-base says otherwise). */
export function terminalSocketUrl(token: string, cols: number, rows: number): string {
  const url = new URL(apiUrl(TERMINAL_SOCKET_PATH), window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.search = new URLSearchParams({ token, cols: String(cols), rows: String(rows) }).toString()
  return url.href
}

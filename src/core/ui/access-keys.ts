import { PAGE_SIZE } from '../config.ts'
import { http } from '../http.ts'

export const ACCESS_KEYS_URL = '/api/v1/authentication/access-keys/'

export interface AccessKey {
  id: string
  secret: string
  is_active: boolean
  date_created: string
}

export interface AccessKeyPage {
  count: number
  results: AccessKey[]
}

/** The caller's own keys (the server scopes them), one page at a time. */
export async function listAccessKeys(search: string, offset: number): Promise<AccessKeyPage> {
  const params = { limit: PAGE_SIZE, offset, search: search.trim() || undefined }
  const body = await http.get<AccessKeyPage | AccessKey[]>(ACCESS_KEYS_URL, { params })
  return Array.isArray(body) ? { count: body.length, results: body } : body
}

// The create response echoes the (empty) input rather than the new key, so callers re-list.
export const createAccessKey = () => http.post(ACCESS_KEYS_URL)

export const setAccessKeyActive = (id: string, isActive: boolean) =>
  http.patch<AccessKey>(`${ACCESS_KEYS_URL}${id}/`, { is_active: isActive })

export const deleteAccessKey = (id: string) => http.delete(`${ACCESS_KEYS_URL}${id}/`)

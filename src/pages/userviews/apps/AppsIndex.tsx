import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $licenseValid } from '../../../core/stores/settings.ts'
import { navigateHash } from '../../../core/ui/hash-location.ts'

/**
 * `/apps` → `/apps/remoteapp` as in the route table, but only when that menu entry exists (a valid
 * licence); otherwise the reference's redirect would end nowhere, so it opens the databases instead.
 */
export function AppsIndex() {
  const licensed = useStore($licenseValid)
  useEffect(() => { navigateHash(licensed ? '/apps/remoteapp' : '/apps/database', { replace: true }) }, [licensed])
  return null
}

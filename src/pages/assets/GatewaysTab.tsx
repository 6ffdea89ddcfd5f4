import { http } from '../../core/http.ts'
import { t } from '../../core/i18n/index.ts'
import type { Row } from '../../core/resource/adapters.ts'
import { toast } from '../../core/stores/notify.ts'
import { SlButton } from '../../core/ui/shoelace.ts'
import { ChildTable } from './ChildTable.tsx'
import { API } from './field-helpers.ts'
import './i18n.ts'

/** `gateways/<id>/test-connective/` is a real check: 200 "ok" or 400 `{error}` (shown by http.ts). */
async function testGateway(row: Row): Promise<void> {
  try {
    await http.post(`${API.gateways}${String(row.id)}/test-connective/`, { port: row.port })
    toast.success(t('assets.gateways.ok'))
  } catch {
    // the server's message has been shown
  }
}

export function GatewaysTab({ object }: { object: Row; reload: () => void }) {
  const id = String(object.id)
  return (
    <ChildTable url={API.gateways} params={{ domain: id }} nameOf={(row) => String(row.name ?? '')}
      columns={[
        { prop: 'name', title: 'assets.columns.name' }, { prop: 'ip', title: 'assets.columns.ip' },
        { prop: 'port', title: 'assets.columns.port' }, { prop: 'username', title: 'assets.columns.username' },
      ]}
      createTitle="assets.gateways.create" createPath={`/assets/gateways/create?domain=${encodeURIComponent(id)}`}
      updatePath={(row) => `/assets/gateways/${encodeURIComponent(String(row.id))}/update?domain=${encodeURIComponent(id)}`}
      extra={(row) => (
        <SlButton size="small" className="test-gateway" onClick={() => void testGateway(row)}>{t('assets.gateways.test')}</SlButton>
      )} />
  )
}

import { useState } from 'react';
import { HttpError, http } from '../../core/http.ts';
import { serverMessage } from '../../core/http-error.ts';
import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { toast } from '../../core/stores/notify.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import { ChildTable } from './ChildTable.tsx';
import { API } from './field-helpers.ts';
import './i18n.ts';

/**
 * `gateways/<id>/test-connective/` is a real check: 200 "ok" or 400 `{error}`. The reason of a failed
 * check is the answer the user asked for, so it replaces the generic 400 message.
 */
async function testGateway(row: Row): Promise<void> {
  try {
    await http.post(
      `${API.gateways}${String(row.id)}/test-connective/`,
      { port: row.port },
      { disableFlashErrMsg: true },
    );
    toast.success(t('assets.gateways.ok'));
  } catch (error) {
    if (error instanceof HttpError && error.status !== 0) toast.error(serverMessage(error.data) ?? error.message);
    else if (error instanceof Error) toast.error(error.message);
  }
}

/** The check can take the whole SSH timeout (an unroutable gateway): the button spins meanwhile. */
function TestButton({ row }: { row: Row }) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    void testGateway(row).finally(() => setBusy(false));
  };
  return (
    <SlButton size="small" className="test-gateway" loading={busy} disabled={busy} onClick={run}>
      {t('assets.gateways.test')}
    </SlButton>
  );
}

export function GatewaysTab({ object }: { object: Row; reload: () => void }) {
  const id = String(object.id);
  return (
    <ChildTable
      url={API.gateways}
      params={{ domain: id }}
      nameOf={(row) => String(row.name ?? '')}
      columns={[
        { prop: 'name', title: 'assets.columns.name' },
        { prop: 'ip', title: 'assets.columns.ip' },
        { prop: 'port', title: 'assets.columns.port' },
        { prop: 'username', title: 'assets.columns.username' },
      ]}
      createTitle="assets.gateways.create"
      createPath={`/assets/gateways/create?domain=${encodeURIComponent(id)}`}
      updatePath={(row) =>
        `/assets/gateways/${encodeURIComponent(String(row.id))}/update?domain=${encodeURIComponent(id)}`
      }
      extra={(row) => <TestButton row={row} />}
    />
  );
}

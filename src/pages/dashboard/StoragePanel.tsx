import { useT } from '../../core/i18n/index.ts';
import { formatLocal, parseDateTime } from '../../core/resource/datetime.ts';
import { StorageBadge } from '../terminal/storage-cell.tsx';
import type { StorageStatus, StorageFault } from './index-call.ts';
import './i18n.ts';

const TROUBLE = ['full', 'read_only', 'io'];

/** Whether a data folder of the bastion is full, read-only or failing: the panel then leads the page. */
export function storageTrouble(status: StorageStatus | undefined): boolean {
  if (!status?.server) return false;
  const terminals = Array.isArray(status.terminals) ? status.terminals : [];
  return [status.server.state, ...terminals.map((row) => row.state)].some((state) => TROUBLE.includes(state));
}

/**
 * The bastion's data folders (`storage_status`, superusers only): the server's and every accepted
 * terminal's, so a full disk anywhere shows on the first page. Absent for other roles: nothing drawn.
 */
export function StoragePanel({ status }: { status: StorageStatus | undefined }) {
  const t = useT();
  if (!status?.server) return null;
  const terminals = Array.isArray(status.terminals) ? status.terminals : [];
  const trouble = storageTrouble(status);
  return (
    <section className={`panel storage-status ${trouble ? 'trouble' : ''}`} data-trouble={trouble ? '1' : ''}>
      <h3>{t('dashboard.storage.title')}</h3>
      <table className="data-table">
        <thead>
          <tr>
            <th>{t('dashboard.storage.where')}</th>
            <th>{t('dashboard.storage.state')}</th>
            <th>{t('dashboard.storage.lastFault')}</th>
          </tr>
        </thead>
        <tbody>
          <tr data-storage-of="server">
            <td>{t('dashboard.storage.server')}</td>
            <td>
              <StorageBadge
                state={status.server.state}
                free={status.server.free_bytes}
                total={status.server.total_bytes}
              />
            </td>
            <td>{faultText(status.server.last_fault)}</td>
          </tr>
          {terminals.map((row) => (
            <tr key={row.id} data-storage-of={row.name}>
              <td>
                {`${t('dashboard.storage.terminal')} ${String(row.name ?? '')}`}
                {row.is_alive ? '' : ` (${t('dashboard.storage.offline')})`}
              </td>
              <td>
                <StorageBadge state={row.state} free={row.free_bytes} total={row.total_bytes} />
              </td>
              <td>{faultText(row.last_fault)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function faultText(fault: StorageFault | null | undefined): string {
  if (!fault?.kind) return '';
  const at = parseDateTime(fault.at);
  return [at ? formatLocal(at) : '', String(fault.code ?? ''), String(fault.message ?? '')].filter(Boolean).join(' · ');
}

import type { Row } from '../../core/resource/adapters.ts';
import { ChildTable } from './ChildTable.tsx';
import { rulesUrl } from './section.ts';
import './i18n.ts';

const display = (prop: string) => (row: Row) => String(row[`${prop}_display`] ?? row[prop] ?? '');

export function CommandFilterRulesTab({ object }: { object: Row; reload: () => void }) {
  const id = String(object.id);
  const query = `?filter=${encodeURIComponent(id)}`;
  return (
    <ChildTable
      url={rulesUrl(id)}
      nameOf={(row) => String(row.content ?? '').split('\n')[0]}
      columns={[
        { prop: 'type', title: 'assets.columns.type', render: display('type') },
        { prop: 'content', title: 'assets.columns.content' },
        { prop: 'priority', title: 'assets.columns.priority' },
        { prop: 'action', title: 'assets.columns.action', render: display('action') },
      ]}
      createTitle="assets.rules.create"
      createPath={`/assets/command-filter-rules/create${query}`}
      updatePath={(row) => `/assets/command-filter-rules/${encodeURIComponent(String(row.id))}/update${query}`}
    />
  );
}

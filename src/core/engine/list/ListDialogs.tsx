import type { ResourceDefinition } from '../../resource/define.ts';
import { BulkUpdateDialog } from './BulkUpdateDialog.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';

export type OpenDialog = 'export' | 'import' | 'bulkUpdate' | null;

export interface ListDialogsProps {
  open: OpenDialog;
  resource: ResourceDefinition;
  filters: Record<string, string>;
  ids: string[];
  onClose: () => void;
  reload: () => void;
}

/** The list's dialogs, mounted only while open so each starts fresh. */
export function ListDialogs({ open, resource, filters, ids, onClose, reload }: ListDialogsProps) {
  if (open === 'export')
    return <ExportDialog url={resource.url} filters={filters} selectedIds={ids} onClose={onClose} />;
  if (open === 'import')
    return <ImportDialog url={resource.url} selectedIds={ids} onClose={onClose} onImported={reload} />;
  if (open === 'bulkUpdate') {
    return (
      <BulkUpdateDialog
        url={resource.url}
        fieldIds={resource.list.bulkUpdate ?? []}
        ids={ids}
        overrides={resource.form?.overrides}
        onClose={onClose}
        onUpdated={reload}
      />
    );
  }
  return null;
}

import '../i18n.ts';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { SlButton, SlDialog, SlRadio, SlRadioGroup } from '../shoelace.ts';
import { cacheResources, csvUrl, downloadFile } from '../api.ts';

export type ExportRange = 'all' | 'selected' | 'filtered';

export interface ExportDialogProps {
  url: string;
  filters: Record<string, string>;
  selectedIds: string[];
  onClose: () => void;
}

/** Export all (only without a filter), the selected rows (via spm) or the filtered rows, as CSV. */
export function ExportDialog({ url, filters, selectedIds, onClose }: ExportDialogProps) {
  const t = useT();
  const hasFilter = Object.keys(filters).length > 0;
  const ranges: ExportRange[] = [
    ...(hasFilter ? [] : ['all' as const]),
    'selected',
    ...(hasFilter ? ['filtered' as const] : []),
  ];
  const [range, setRange] = useState<ExportRange>(selectedIds.length > 0 ? 'selected' : hasFilter ? 'filtered' : 'all');
  const start = async () => {
    const params =
      range === 'selected' ? { spm: await cacheResources(selectedIds) } : range === 'filtered' ? filters : {};
    downloadFile(csvUrl(url, params));
    onClose();
  };
  return (
    <SlDialog
      open
      label={t('engine.export.title')}
      className="engine-dialog export-dialog"
      onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}
    >
      <SlRadioGroup
        label={t('engine.export.range')}
        value={range}
        onSlChange={(e) => setRange((e.target as HTMLInputElement).value as ExportRange)}
      >
        {ranges.map((r) => (
          <SlRadio key={r} value={r} disabled={r === 'selected' && selectedIds.length === 0}>
            {t(`engine.export.${r}`)}
          </SlRadio>
        ))}
      </SlRadioGroup>
      <SlButton slot="footer" onClick={onClose}>
        {t('common.cancel')}
      </SlButton>
      <SlButton slot="footer" variant="primary" className="confirm" onClick={() => void start().catch(() => undefined)}>
        {t('common.confirm')}
      </SlButton>
    </SlDialog>
  );
}

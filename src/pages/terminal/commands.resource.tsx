import { t } from '../../core/i18n/index.ts';
import type { Row } from '../../core/resource/adapters.ts';
import { defineResource } from '../../core/resource/define.ts';
import type { FieldMeta } from '../../core/resource/metadata.ts';
import { sessionDetailPath } from './api.ts';
import { COMMAND_ROUTES } from './section.ts';
import { epochText, labelled, RiskLevel } from './cells.tsx';
import './i18n.ts';

/** A query parameter of §2.6's command list, labelled in the current language when the bar is drawn. */
function filter(key: string, choices?: [string, string][]): FieldMeta {
  const meta: FieldMeta = {
    type: choices ? 'choice' : 'string',
    get label() {
      return t(key);
    },
  };
  // Defined on the object, not spread in: a spread would read the choices now, before the catalogue.
  if (choices)
    Object.defineProperty(meta, 'choices', {
      enumerable: true,
      get: () => choices.map(([value, label]) => ({ value, display_name: t(label) })),
    });
  return meta;
}

// Long output wraps and scrolls inside the row instead of widening the table.
const OUTPUT_STYLE = {
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  maxHeight: 240,
  overflow: 'auto',
  margin: '4px 0 0',
  background: 'var(--_color-surface-alt)',
  padding: 6,
} as const;

/** The command line; its output (kept by the server, truncated) unfolds beneath it, as plain text. */
function CommandCell({ row }: { row: Row }) {
  const output = String(row.output ?? '');
  return (
    <details className="command-output">
      <summary className="command-input">{String(row.input ?? '')}</summary>
      <pre className="output" style={OUTPUT_STYLE}>
        {output || t('terminal.empty')}
      </pre>
    </details>
  );
}

/** The session's replay at this command: the player takes the command id and seeks to its second. */
function SessionLink({ row }: { row: Row }) {
  const session = String(row.session ?? '');
  if (!session) return null;
  return (
    <a
      className="replay-at"
      href={`#${sessionDetailPath(session, String(row.id ?? ''))}`}
      title={t('terminal.action.replayAt')}
    >
      {t('terminal.action.goto')}
    </a>
  );
}

/**
 * CommandList (`/terminal/command`): the last five days by default (§2.6), filtered by user, asset,
 * system user, input and risk level; no create, update or delete (commands are the terminals' record).
 */
export const commands = defineResource({
  ...COMMAND_ROUTES,
  list: {
    columns: ['input', 'risk_level', 'user', 'asset', 'system_user', 'session', 'timestamp'],
    filters: [],
    extraFilters: {
      user: filter('terminal.filter.user'),
      asset: filter('terminal.filter.asset'),
      system_user: filter('terminal.filter.systemUser'),
      input: filter('terminal.filter.input'),
      risk_level: filter('terminal.column.riskLevel', [
        ['0', 'terminal.risk.ordinary'],
        ['5', 'terminal.risk.dangerous'],
      ]),
    },
    dateRange: 5,
    linkField: '-',
    overrides: {
      input: labelled('terminal.column.input', { sortable: false, render: (row) => <CommandCell row={row} /> }),
      risk_level: labelled('terminal.column.riskLevel', {
        width: 105,
        sortable: false,
        render: (row) => <RiskLevel row={row} />,
      }),
      session: labelled('terminal.column.session', {
        width: 80,
        sortable: false,
        render: (row) => <SessionLink row={row} />,
      }),
      timestamp: labelled('terminal.column.date', { width: 160, render: (row) => epochText(row.timestamp) }),
    },
    defaultRowActions: { update: false, delete: false },
    bulkDelete: false,
    create: false,
  },
});

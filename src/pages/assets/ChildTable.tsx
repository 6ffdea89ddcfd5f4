import { useEffect, useState, type ReactNode } from 'react';
import { http } from '../../core/http.ts';
import { useT } from '../../core/i18n/index.ts';
import { limitOffsetAdapter, type Row } from '../../core/resource/adapters.ts';
import { navigateHash } from '../../core/ui/hash-location.ts';
import { SlButton } from '../../core/ui/shoelace.ts';
import { confirmDelete } from '../../core/engine/delete.ts';
import './i18n.ts';

export interface ChildColumn {
  prop: string;
  /** i18n key of the header. */
  title: string;
  render?: (row: Row) => string;
}

export interface ChildTableProps {
  /** GET lists the children (array or paged body); `<url><id>/` deletes one. */
  url: string;
  params?: Record<string, unknown>;
  columns: ChildColumn[];
  createTitle: string;
  createPath: string;
  updatePath: (row: Row) => string;
  extra?: (row: Row) => ReactNode;
  nameOf: (row: Row) => string;
}

/** The children of a detail page's object as a small table with create, update and delete. */
export function ChildTable(props: ChildTableProps) {
  const t = useT();
  const [rows, setRows] = useState<Row[]>([]);
  const [tick, setTick] = useState(0);
  const paramsKey = JSON.stringify(props.params ?? {});
  useEffect(() => {
    let live = true;
    http.get(props.url, { params: { limit: 100, offset: 0, ...JSON.parse(paramsKey) } }).then(
      (body) => live && setRows(limitOffsetAdapter.read(body).rows),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [props.url, paramsKey, tick]);
  return (
    <div className="card child-table">
      <div className="list-toolbar">
        <SlButton
          size="small"
          variant="primary"
          className="create-child"
          onClick={() => navigateHash(props.createPath)}
        >
          {t(props.createTitle)}
        </SlButton>
      </div>
      <table className="engine-table">
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.prop}>{t(c.title)}</th>
            ))}
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.id)} data-id={String(row.id)}>
              {props.columns.map((c) => (
                <td key={c.prop} data-prop={c.prop}>
                  {c.render ? c.render(row) : String(row[c.prop] ?? '')}
                </td>
              ))}
              <td className="actions">
                <SlButton size="small" className="update" onClick={() => navigateHash(props.updatePath(row))}>
                  {t('common.update')}
                </SlButton>
                <SlButton
                  size="small"
                  variant="danger"
                  className="delete"
                  onClick={() =>
                    void confirmDelete(`${props.url}${String(row.id)}/`, props.nameOf(row), () => setTick((n) => n + 1))
                  }
                >
                  {t('common.delete')}
                </SlButton>
                {props.extra?.(row)}
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td className="empty" colSpan={props.columns.length + 1}>
                {t('engine.list.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

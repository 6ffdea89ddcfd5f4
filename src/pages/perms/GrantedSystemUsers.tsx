import { useEffect, useState } from 'react';
import { http } from '../../core/http.ts';
import type { Row } from '../../core/resource/adapters.ts';

/** The system users a grant lets one asset be reached as (`…/assets/<id>/system-users/`), by name. */
export function GrantedSystemUsers({ url }: { url: string }) {
  const [names, setNames] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    http.get<Row[]>(url, { disableFlashErrMsg: true }).then(
      (rows) =>
        live &&
        setNames((Array.isArray(rows) ? rows : []).map((row) => String(row.name ?? row.username ?? '')).join(', ')),
      () => live && setNames(''),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return <span className="granted-system-users">{names ?? '…'}</span>;
}

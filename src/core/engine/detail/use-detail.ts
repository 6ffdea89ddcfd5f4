import '../i18n.ts';
import { useCallback, useEffect, useState } from 'react';
import { HttpError, http } from '../../http.ts';
import { t } from '../../i18n/index.ts';
import type { Row } from '../../resource/adapters.ts';
import type { FieldsMeta } from '../../resource/metadata.ts';
import { toast } from '../../stores/notify.ts';
import { loadListMeta } from '../api.ts';

export interface DetailState {
  object?: Row;
  meta?: FieldsMeta;
  /** 'lost' after a 404 (spec §8), 'failed' after any other error. */
  problem?: 'lost' | 'failed';
}

/** GETs the object (and the list's labels); a 404 says 'Resource lost or deleted'. */
export function useDetail(url: string, listUrl: string) {
  const [state, setState] = useState<DetailState>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    http.get<Row>(url, { disableFlashErrMsg: true }).then(
      (object) => live && setState((old) => ({ ...old, object, problem: undefined })),
      (error: unknown) => {
        if (!live) return;
        const lost = error instanceof HttpError && error.status === 404;
        toast.error(lost ? t('message.resourceLost') : error instanceof Error ? error.message : String(error));
        setState((old) => ({ ...old, problem: lost ? 'lost' : 'failed' }));
      },
    );
    return () => {
      live = false;
    };
  }, [url, tick]);
  useEffect(() => {
    loadListMeta(listUrl).then(
      (m) => setState((old) => ({ ...old, meta: m.actions?.GET ?? {} })),
      () => undefined,
    );
  }, [listUrl]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  // Quick actions open task logs in another tab; coming back shows what they changed.
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);
  return { ...state, reload };
}

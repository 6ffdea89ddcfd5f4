import { useMemo } from 'react';
import { EmbeddedList } from '../../core/engine/list/EmbeddedList.tsx';
import type { Row } from '../../core/resource/adapters.ts';
import { defineResource } from '../../core/resource/define.ts';
import { lazyLabel } from './labels.ts';
import { readOnlyList } from './permission-common.tsx';

// The views behind permission-common's lazy detail tabs.

type TabProps = { object: Row; reload: () => void };

export function allListView(listUrl: string, what: string, key: string, title: string) {
  return function AllList({ object }: TabProps) {
    const resource = useMemo(
      () =>
        defineResource({
          name: `All_${what}`,
          url: `${listUrl}${String(object.id)}/${what}/all/`,
          path: '',
          routes: ['list'],
          list: readOnlyList([`${key}_display`], { [`${key}_display`]: lazyLabel(title) }),
        }),
      [object.id],
    );
    return <EmbeddedList resource={resource} />;
  };
}

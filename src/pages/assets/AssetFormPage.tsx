import { useMemo } from 'react';
import { FormPage } from '../../core/engine/form/FormPage.tsx';
import type { PageProps } from '../../core/routes.ts';
import { useQuery } from '../../core/ui/hash-location.ts';
import { assets } from './assets.resource.ts';

/** Asset create/update; `?node=<id>` (Create from a node chosen in the tree) preselects that node. */
export function AssetFormPage(props: PageProps) {
  const node = useQuery().node;
  // Stable per node: a new definition object would make the form start its values over.
  const resource = useMemo(
    () => (node ? { ...assets, form: { ...assets.form, initial: { ...assets.form.initial, nodes: [node] } } } : assets),
    [node],
  );
  return <FormPage {...props} resource={resource} />;
}

import type { Row } from './adapters.ts';
import type { ResourceDefinition } from './define.ts';

// Whether the list and the detail page offer Update / Delete for an object: the server's own word
// (`can_update` / `can_delete` on the row) and the definition's (`can`), so a button is never offered
// for a change the server refuses.

export const canUpdate = (resource: ResourceDefinition, row: Row): boolean =>
  row.can_update !== false && (resource.can?.update?.(row) ?? true);

export const canDelete = (resource: ResourceDefinition, row: Row): boolean =>
  row.can_delete !== false && (resource.can?.delete?.(row) ?? true);

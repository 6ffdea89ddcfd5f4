// The engines' public surface: what src/pages needs to turn a definition into screens.
import './i18n.ts';

export { ListPage } from './list/ListPage.tsx';
export { ListTable, PRESET_SEARCH_DELAY } from './list/ListTable.tsx';
export { FormPage } from './form/FormPage.tsx';
export { ResourceForm } from './form/ResourceForm.tsx';
export { RemoteSelect } from './form/RemoteSelect.tsx';
export { DetailPage } from './detail/DetailPage.tsx';
export { DetailCard } from './detail/DetailCard.tsx';
export { QuickActionsCard } from './detail/QuickActionsCard.tsx';
export { RelationCard } from './detail/RelationCard.tsx';
export { ResourceDialog, type DialogMode } from './dialog/ResourceDialog.tsx';
export { ENGINE_PAGES } from './pages.ts';
export { ICONS } from './icons.ts';
export { cacheResources, setDownloader } from './api.ts';
export { confirmDelete } from './delete.ts';

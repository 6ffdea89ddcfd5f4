import '../i18n.ts';
import { useT } from '../../i18n/index.ts';
import { canDelete, canUpdate } from '../../resource/can.ts';
import type { ResourceDefinition } from '../../resource/define.ts';
import { detailApiUrl, hasRoute, pageTitle, truncateTitle } from '../../resource/names.ts';
import type { PageProps } from '../../routes.ts';
import { hashPath } from '../../ui/hash-location.ts';
import { useActiveTab } from '../../ui/tabs.ts';
import { EngineStyle } from '../EngineStyle.tsx';
import { TabList, tabPanelProps, useTabIds } from '../TabList.tsx';
import { goTo } from '../navigate.ts';
import { SlButton } from '../shoelace.ts';
import { confirmDelete } from '../delete.ts';
import { InfoTab } from './InfoTab.tsx';
import { useDetail } from './use-detail.ts';

const INFO_TAB = 'info';

/** GET `/api/v1{current path}/`, tabs (activeTab query → cookie → first), Update and Delete. */
export function DetailPage({ resource, params }: PageProps & { resource: ResourceDefinition }) {
  const t = useT();
  const id = params.id;
  // The page path mirrors REST; an element embedded without the console's hash uses the list URL.
  const path = hashPath();
  const url = resource.detail?.url?.(id) ?? (path.includes(id) ? detailApiUrl(path, id) : `${resource.url}${id}/`);
  const { object, meta, problem, reload } = useDetail(url, resource.url);
  const tabs = [{ name: INFO_TAB, title: 'engine.detail.basic' }, ...(resource.detail?.tabs ?? [])];
  const [active, choose] = useActiveTab(tabs.map((tab) => tab.name));
  const name = object
    ? String(object[resource.detail?.titleField ?? 'name'] ?? object.hostname ?? object.id ?? '')
    : '';
  const title = truncateTitle(name ? `${t(pageTitle(resource, 'detail'))}: ${name}` : t(pageTitle(resource, 'detail')));
  const custom = resource.detail?.tabs?.find((tab) => tab.name === active);
  const ids = useTabIds();
  const hasTabs = tabs.length > 1;

  return (
    <section className="engine-page detail-page">
      <EngineStyle />
      <div className="list-toolbar">
        <h2 className="title">{title}</h2>
        <span className="spacer" />
        {object && hasRoute(resource, 'update') && (
          <SlButton
            size="small"
            className="update"
            disabled={!canUpdate(resource, object)}
            onClick={() => goTo(resource, 'update', id)}
          >
            {t('common.update')}
          </SlButton>
        )}
        {object && (
          <SlButton
            size="small"
            variant="danger"
            className="delete"
            disabled={!canDelete(resource, object)}
            onClick={() => void confirmDelete(url.split('?')[0], name, () => goTo(resource, 'list'))}
          >
            {t('common.delete')}
          </SlButton>
        )}
      </div>
      {problem === 'lost' && <p className="problem">{t('message.resourceLost')}</p>}
      {hasTabs && <TabList tabs={tabs} active={active} onChoose={choose} label={title} ids={ids} />}
      <div {...(hasTabs ? tabPanelProps(ids, active) : {})} className="detail-panel">
        {object &&
          (custom ? (
            <custom.component object={object} reload={reload} />
          ) : (
            <InfoTab resource={resource} object={object} meta={meta} reload={reload} />
          ))}
      </div>
    </section>
  );
}

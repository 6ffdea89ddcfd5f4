// The organisations feature: the orgs and their members (the contract suite's definitions).
import type { ResourceDef } from '../engine/types.ts';
import { featurePlugin, registerResources } from '../engine/feature-plugin.ts';
import { orgMemberRelationsResource } from './resources/org-member-relations.ts';
import { orgsResource } from './resources/orgs.ts';

export const ORGS_RESOURCES: readonly ResourceDef[] = [orgsResource, orgMemberRelationsResource];

export const orgsPlugin = featurePlugin('orgs', (app) => registerResources(app, ORGS_RESOURCES));

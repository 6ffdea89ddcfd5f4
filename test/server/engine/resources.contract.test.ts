// Runs the resource contract over every registered definition (orgs, access keys, users, groups, ...).
import { RESOURCES } from '../../../demo/server/resources.ts';
import { resourceContract } from './contract.ts';

for (const def of RESOURCES) resourceContract(def);

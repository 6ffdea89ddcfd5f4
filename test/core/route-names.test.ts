import { expect } from '@open-wc/testing';
import { isId, siblingName } from '../../src/core/routes.ts';

describe('route name derivation (spec §2)', () => {
  it('derives the create and update targets of a list', () => {
    expect(siblingName('UserList', 'Create')).to.equal('UserCreate');
    expect(siblingName('AssetPermissionList', 'Update')).to.equal('AssetPermissionUpdate');
  });

  it('sends create, update and detail pages back to the list', () => {
    expect(siblingName('UserCreate', 'List')).to.equal('UserList');
    expect(siblingName('UserGroupUpdate', 'List')).to.equal('UserGroupList');
    expect(siblingName('CommandFilterDetail', 'List')).to.equal('CommandFilterList');
    expect(siblingName('CommandFilterDetail', 'Update')).to.equal('CommandFilterUpdate');
  });

  it('replaces the kind word where it is not a suffix, like a plain string replace', () => {
    expect(siblingName('CreateReplayStorage', 'List')).to.equal('ListReplayStorage');
    expect(siblingName('Settings', 'List')).to.equal('Settings');
  });
});

describe('isId', () => {
  it('accepts 36 letters, digits and hyphens only', () => {
    expect(isId('0a4c1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5d')).to.equal(true);
    expect(isId('0a4c1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5')).to.equal(false);
    expect(isId('0a4c1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5d0')).to.equal(false);
    expect(isId('0a4c1d2e_5b6f-4a7b-8c9d-0e1f2a3b4c5d')).to.equal(false);
    expect(isId('create')).to.equal(false);
  });
});

import { expect } from '@open-wc/testing';
import {
  $visitedViews,
  addView,
  delAllViews,
  delOthersViews,
  delView,
  type TagView,
} from '../../src/core/stores/tags.ts';

function view(path: string, name: string, extra: Partial<TagView> = {}): TagView {
  return { path, fullPath: path, name, query: {}, title: `route.${name}`, meta: {}, ...extra };
}

const dashboard = view('/dashboard', 'dashboard', { meta: { title: 'route.dashboard', affix: true } });
const users = view('/users/users', 'UserList');
const assets = view('/assets/assets', 'AssetList');
const paths = () => $visitedViews.get().map((v) => v.path);

describe('tags view store', () => {
  beforeEach(() => {
    $visitedViews.set([]);
    addView(dashboard);
    addView(users);
    addView(assets);
  });

  it('adds each visited page once, keyed by path', () => {
    addView(users);
    expect(paths()).to.deep.equal(['/dashboard', '/users/users', '/assets/assets']);
  });

  it('ignores a view without a route name', () => {
    addView(view('/redirect/users', ''));
    expect(paths()).to.have.length(3);
  });

  it('updates the query and full path of a page visited again', () => {
    addView({ ...users, fullPath: '/users/users?search=a', query: { search: 'a' } });
    const updated = $visitedViews.get()[1];
    expect(updated.fullPath).to.equal('/users/users?search=a');
    expect(updated.query).to.deep.equal({ search: 'a' });
  });

  it('closes a tab and returns the rest, never an affix tab', () => {
    expect(delView(users).map((v) => v.path)).to.deep.equal(['/dashboard', '/assets/assets']);
    expect(delView(dashboard).map((v) => v.path)).to.deep.equal(['/dashboard', '/assets/assets']);
  });

  it('closes the others and all, keeping affix tabs', () => {
    expect(delOthersViews(assets).map((v) => v.path)).to.deep.equal(['/dashboard', '/assets/assets']);
    expect(delAllViews().map((v) => v.path)).to.deep.equal(['/dashboard']);
  });
});

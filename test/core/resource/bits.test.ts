import { expect } from '@open-wc/testing';
import { maskOf, namesOf, toggleName } from '../../../src/core/resource/bits.ts';
import { ACTION_BITS } from '../../../src/pages/perms/api.ts';

// The asset-permission actions of jumpserver-api.md §2.5 as the checkbox group edits them.
const ALL = [
  'all',
  'connect',
  'upload_file',
  'download_file',
  'updownload',
  'clipboard_copy',
  'clipboard_paste',
  'clipboard_copy_paste',
];

describe('named bit flags', () => {
  it('reads names as the OR of their bits and writes every name whose bits are all set, in order', () => {
    expect(maskOf(['connect', 'updownload'], ACTION_BITS)).to.equal(7);
    expect(namesOf(7, ACTION_BITS)).to.deep.equal(['connect', 'upload_file', 'download_file', 'updownload']);
    expect(namesOf(255, ACTION_BITS)).to.deep.equal(ALL);
    expect(maskOf(['nonsense'], ACTION_BITS)).to.equal(0);
    expect(maskOf(undefined, ACTION_BITS)).to.equal(0);
  });

  it('ticks and clears a combined name as all of its bits', () => {
    expect(toggleName(['connect'], 'updownload', true, ACTION_BITS)).to.deep.equal([
      'connect',
      'upload_file',
      'download_file',
      'updownload',
    ]);
    expect(toggleName(ALL, 'all', false, ACTION_BITS)).to.deep.equal([]);
    expect(toggleName([], 'all', true, ACTION_BITS)).to.deep.equal(ALL);
    // Clearing one part of `all` clears `all` (and the combination holding it), keeps the rest.
    expect(toggleName(ALL, 'clipboard_paste', false, ACTION_BITS)).to.deep.equal([
      'connect',
      'upload_file',
      'download_file',
      'updownload',
      'clipboard_copy',
    ]);
    // Ticking both halves ticks the combination they make up.
    expect(toggleName(['clipboard_copy'], 'clipboard_paste', true, ACTION_BITS)).to.deep.equal([
      'clipboard_copy',
      'clipboard_paste',
      'clipboard_copy_paste',
    ]);
  });
});

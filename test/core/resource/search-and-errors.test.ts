import { expect } from '@open-wc/testing';
import { cleanSearchParams, queryToSearch, searchToQuery } from '../../../src/core/resource/search.ts';
import { fieldErrors, importErrorCount, importErrorLines } from '../../../src/core/resource/errors.ts';

describe('cleanSearchParams', () => {
  it('drops empty, null and undefined values and trims the rest', () => {
    expect(cleanSearchParams({ a: '', b: null, c: undefined, d: '  x ', e: 0, f: '   ' })).to.deep.equal({
      d: 'x',
      e: '0',
    });
  });

  it('round-trips through the address in a stable order', () => {
    const query = searchToQuery({ search: ' alice ', role: 'Admin', empty: '' });
    expect(query).to.equal('role=Admin&search=alice');
    expect(queryToSearch(query)).to.deep.equal({ role: 'Admin', search: 'alice' });
  });
});

describe('fieldErrors', () => {
  it('joins several messages of one field with a semicolon', () => {
    expect(fieldErrors({ name: ['too long', 'taken'], email: ['bad'] })).to.deep.equal({
      name: 'too long; taken',
      email: 'bad',
    });
  });

  it('ignores bodies that are not field maps', () => {
    expect(fieldErrors('oops')).to.deep.equal({});
    expect(fieldErrors([{ name: ['x'] }])).to.deep.equal({});
  });
});

describe('importErrorLines', () => {
  it('names the CSV line (header is line 1) and the field of every invalid row', () => {
    expect(importErrorLines([{}, { email: ['Enter a valid email address.'] }, {}, { name: ['a', 'b'] }])).to.deep.equal(
      ['line 3. email: Enter a valid email address.', 'line 5. name: a; b'],
    );
    expect(importErrorCount([{}, { email: ['x'] }, {}, { name: ['a'] }])).to.deep.equal({ total: 2, shown: 2 });
  });

  it('reads the bounded answer of a big import: the listed rows plus the total', () => {
    const body = { count: 3000, results: [{}, {}, { name: ['This field must be unique.'] }] };
    expect(importErrorLines(body)).to.deep.equal(['line 4. name: This field must be unique.']);
    expect(importErrorCount(body)).to.deep.equal({ total: 3000, shown: 1 });
  });
});

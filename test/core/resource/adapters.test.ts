import { expect } from '@open-wc/testing';
import { limitOffsetAdapter, pageSizeAdapter, PAGE_SIZE_VARIANT } from '../../../src/core/resource/adapters.ts';

describe('limitOffsetAdapter', () => {
  it('asks for limit/offset, the order and display=1&draw=1 with the filters', () => {
    expect(limitOffsetAdapter.params({ page: 3, size: 15, order: '-name', filters: { search: 'a' } })).to.deep.equal({
      search: 'a',
      limit: 15,
      offset: 30,
      order: '-name',
      display: 1,
      draw: 1,
    });
  });

  it('drops the paging without pagination, so the server answers a bare array', () => {
    const params = limitOffsetAdapter.params({ page: 1, size: 15, filters: {}, paginate: false });
    expect(params).to.not.have.property('limit');
    expect(limitOffsetAdapter.read([{ id: 1 }, { id: 2 }])).to.deep.equal({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it('reads results and count', () => {
    expect(limitOffsetAdapter.read({ count: 42, next: null, results: [{ id: 'x' }] })).to.deep.equal({
      rows: [{ id: 'x' }],
      total: 42,
    });
    expect(limitOffsetAdapter.pageSizes).to.deep.equal([15, 30, 50, 100]);
    expect(limitOffsetAdapter.defaultSize).to.equal(15);
  });
});

describe('pageSizeAdapter', () => {
  it('pages from zero and sends sort + direction', () => {
    expect(pageSizeAdapter.params({ page: 1, size: 10, order: '-date', filters: { name: 'x' } })).to.deep.equal({
      name: 'x',
      page: 0,
      size: 10,
      sort: 'date',
      direction: 'desc',
    });
    expect(pageSizeAdapter.params({ page: 2, size: 20, order: 'date', filters: {} })).to.include({
      page: 1,
      sort: 'date',
      direction: 'asc',
    });
  });

  it('asks for size 999 and page -1 without pagination', () => {
    expect(pageSizeAdapter.params({ page: 4, size: 10, filters: {}, paginate: false })).to.include({
      page: -1,
      size: 999,
    });
  });

  it('reads payload.content and payload.totalElements, with the variant page sizes', () => {
    expect(pageSizeAdapter.read({ payload: { content: [{ id: 1 }], totalElements: 31 } })).to.deep.equal({
      rows: [{ id: 1 }],
      total: 31,
    });
    expect(pageSizeAdapter.read({})).to.deep.equal({ rows: [], total: 0 });
    expect(pageSizeAdapter.pageSizes).to.deep.equal([10, 20, 30, 40, 50]);
    expect(PAGE_SIZE_VARIANT.size).to.equal(10);
  });
});

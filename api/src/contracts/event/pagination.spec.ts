import { paginate, paginateCounted } from './pagination.js';

describe('pagination', () => {
  it('paginates', () => {
    expect(paginate(1, 20, 0)).toEqual({ page: 1, limit: 20, total: 0, totalExact: true, totalPages: 0, hasNext: false, hasPrev: false });
    expect(paginate(2, 20, 41)).toEqual({ page: 2, limit: 20, total: 41, totalExact: true, totalPages: 3, hasNext: true, hasPrev: true });
    expect(paginate(5, 20, 41)).toMatchObject({ totalPages: 3, hasNext: false, hasPrev: true });
  });

  it('counts exactly up to the cap, and above it answers the cap as not exact', () => {
    expect(paginateCounted(1, 20, 10_000, 10_000, 20)).toEqual(paginate(1, 20, 10_000));
    expect(paginateCounted(1, 20, 37, 10_000, 20)).toEqual(paginate(1, 20, 37));
    expect(paginateCounted(2, 20, 10_001, 10_000, 20)).toEqual({
      page: 2,
      limit: 20,
      total: 10_000,
      totalExact: false,
      totalPages: 500,
      hasNext: true,
      hasPrev: true,
    });
  });

  it('above the cap, a page past the counted ones has a next page only when it is full', () => {
    expect(paginateCounted(500, 20, 10_001, 10_000, 20)).toMatchObject({ hasNext: true, totalPages: 500 });
    expect(paginateCounted(501, 20, 10_001, 10_000, 20)).toMatchObject({ hasNext: true });
    expect(paginateCounted(501, 20, 10_001, 10_000, 7)).toMatchObject({ hasNext: false, hasPrev: true });
    expect(paginateCounted(3, 2, 4, 3, 0)).toMatchObject({ total: 3, totalExact: false, totalPages: 2, hasNext: false });
  });
});

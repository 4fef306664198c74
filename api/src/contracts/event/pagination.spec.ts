import { paginate } from './pagination.js';

describe('pagination', () => {
  it('paginates', () => {
    expect(paginate(1, 20, 0)).toEqual({ page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrev: false });
    expect(paginate(2, 20, 41)).toEqual({ page: 2, limit: 20, total: 41, totalPages: 3, hasNext: true, hasPrev: true });
    expect(paginate(5, 20, 41)).toMatchObject({ totalPages: 3, hasNext: false, hasPrev: true });
  });
});

import { describe, expect, it } from 'vitest';
import { idParam, pageParam, searchParam, withFilterPatch } from './url-filters';

interface Filters {
  facilityId: string | undefined;
  search: string;
  page: number;
}

const ID = '0b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21';

describe('list filters in the URL', () => {
  it('reads ids, the search and the page, ignoring what could not be one', () => {
    const params = new URLSearchParams(`facilityId=${ID}&roomId=sala-1&search=${'a'.repeat(130)}&page=3`);
    expect(idParam(params, 'facilityId')).toBe(ID);
    expect(idParam(params, 'roomId')).toBeUndefined();
    expect(searchParam(params)).toBe('a'.repeat(120));
    expect(pageParam(params)).toBe(3);
    expect(pageParam(new URLSearchParams('page=-2'))).toBe(1);
    expect(pageParam(new URLSearchParams('page=1.5'))).toBe(1);
    expect(searchParam(new URLSearchParams())).toBe('');
  });

  it('writes a change, drops empty values and goes back to page 1', () => {
    const previous = new URLSearchParams(`facilityId=${ID}&search=pump&page=4`);
    expect(withFilterPatch<Filters>(previous, { search: '' }).toString()).toBe(`facilityId=${ID}`);
    expect(withFilterPatch<Filters>(previous, { facilityId: undefined, search: 'fan' }).toString()).toBe('search=fan');
    expect(withFilterPatch<Filters>(previous, { page: 2 }).toString()).toBe(`facilityId=${ID}&search=pump&page=2`);
    expect(withFilterPatch<Filters>(previous, { page: 1 }).toString()).toBe(`facilityId=${ID}&search=pump`);
    // The previous URL is left as it was.
    expect(previous.get('page')).toBe('4');
  });
});

import { z } from 'zod';

/** The envelope of every paged list: one page of items, the total that matched, and where it is. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The page and page-size fields of a list input: pages from 1, sizes up to `max`, with the
 * list's own default size. Spread into the input object (`...pageInput(25, 200)`).
 */
export function pageInput(defaultSize: number, max: number) {
  return {
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(max).default(defaultSize),
  };
}

/** Zero-based row offset of a page. */
export const pageOffset = (input: { page: number; pageSize: number }) => (input.page - 1) * input.pageSize;

// Paged lists, the same for every list the API pages (users, audit events, finished games): the
// answer's shape, as Django REST Framework's page number pagination writes it, and the query's
// page and page size.
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** A list query's `page` (from 1) and `page_size` (one of `sizes`), to spread into its object. */
export function pageQuery(sizes: readonly number[], defaultSize: number) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce
      .number()
      .int()
      .refine((n) => sizes.includes(n), { message: `Choose a page size of ${sizes.join(', ')}.` })
      .default(defaultSize),
  };
}

/** Offset pagination shared by services, GraphQL connections and the REST facade. */
export interface PageWindow {
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  totalCount: number;
}

/** Gitea's page/limit: page is 1-based; limit defaults to DEFAULT_PAGING_NUM and is capped at MAX_RESPONSE_ITEMS. */
export function windowFromPage(
  page: number | undefined,
  limit: number | undefined,
  settings: { DEFAULT_PAGING_NUM: number; MAX_RESPONSE_ITEMS: number },
): PageWindow {
  const size = Math.min(limit && limit > 0 ? limit : settings.DEFAULT_PAGING_NUM, settings.MAX_RESPONSE_ITEMS);
  const number = page && page > 0 ? page : 1;
  return { offset: (number - 1) * size, limit: size };
}

/** A page from a list query and a count query run side by side; `map` turns rows into items (e.g. a star into its repository). */
export async function pageFrom<T, U = T>(items: Promise<T[]>, totalCount: Promise<number>, map?: (row: T) => U): Promise<Page<U>> {
  const [list, count] = await Promise.all([items, totalCount]);
  return { items: map ? list.map(map) : (list as unknown as U[]), totalCount: count };
}

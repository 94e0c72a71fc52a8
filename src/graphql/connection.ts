import { resolveOffsetConnection } from '@pothos/plugin-relay';
import type { Page, PageWindow } from '../pagination.ts';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/**
 * Offset connections: cursors are offsets, so REST's page/limit maps onto first/after exactly
 * (rest-facade/pagination.ts) and every list is served by one service call with a total count.
 */
export async function offsetConnection<T>(
  args: ConnectionArgs,
  load: (window: PageWindow) => Promise<Page<T>>,
  maxSize = 100,
) {
  let totalCount = 0;
  const connection = await resolveOffsetConnection({ args, defaultSize: 30, maxSize }, async ({ offset, limit }) => {
    const page = await load({ offset, limit });
    totalCount = page.totalCount;
    return page.items;
  });
  return { ...connection, totalCount };
}

/** Cost of a connection field for the complexity limit: what it selects, times the page size asked for. */
export const connectionComplexity = (args: ConnectionArgs) => ({ field: 1, multiplier: args.first ?? args.last ?? 30 });

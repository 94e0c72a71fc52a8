import { cacheKeep, cacheMark, cachedPeek } from '../../cache/cache.ts';
import type { Prisma } from '../../db/models.ts';
import type { PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';

/**
 * The ids of a page of issues, newest first. A page at OFFSET n makes the database walk n index entries before
 * it: 50,000 for page 1,000, and a client reading every page walks the list's square. So a deep page remembers
 * where the next one starts (the last issue before it), and a page whose start is remembered is read from there
 * by its key (creation time, id) instead. The starts are kept in the issuePageStart cache, which forgets them
 * when an issue, its labels or its assignees change: a start is only ever used while the list is as it was.
 */

/** Pages at least this deep have their start remembered; shallower ones cost the database less than the lookup. */
export const REMEMBERED_FROM_OFFSET = 1000;

const NEWEST_FIRST: Prisma.IssueOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/** The last issue before a page: the page is what comes after it in the order. */
interface PageStart {
  createdAt: Date;
  id: number;
}

/** After `start` in the newest-first order; the range on createdAt alone lets the index seek to it. */
const after = (start: PageStart): Prisma.IssueWhereInput => ({
  AND: [{ createdAt: { lte: start.createdAt } }, { OR: [{ createdAt: { lt: start.createdAt } }, { id: { lt: start.id } }] }],
});

export async function issuePageIds(ctx: ServiceContext, where: Prisma.IssueWhereInput, window: PageWindow): Promise<number[]> {
  const select = { id: true, createdAt: true } as const;
  if (window.offset < REMEMBERED_FROM_OFFSET || window.limit === 0) {
    const rows = await ctx.db.issue.findMany({ where, select: { id: true }, orderBy: NEWEST_FIRST, skip: window.offset, take: window.limit });
    return rows.map((row) => row.id);
  }
  const condition = JSON.stringify(where);
  const keyAt = (offset: number) => `${condition}@${offset}`;
  // Taken before the read, so that a write committed while it runs leaves what it read unused.
  const mark = cacheMark(ctx, 'issuePageStart');
  const starts: [string, PageStart][] = [];
  const remember = (offset: number, row: PageStart) => starts.push([keyAt(offset), { createdAt: row.createdAt, id: row.id }]);

  const start = cachedPeek<PageStart>(ctx, 'issuePageStart', keyAt(window.offset));
  let page: PageStart[];
  if (start) {
    page = await ctx.db.issue.findMany({ where: { AND: [where, after(start)] }, select, orderBy: NEWEST_FIRST, take: window.limit });
  } else {
    // One row more, the one before the page: where this page starts, for the next reader of it.
    const rows = await ctx.db.issue.findMany({ where, select, orderBy: NEWEST_FIRST, skip: window.offset - 1, take: window.limit + 1 });
    if (rows.length > 0) remember(window.offset, rows[0]);
    page = rows.slice(1);
  }
  // Connections ask for one row more than they show, to know whether a next page exists: the next page starts
  // after the second-to-last row read, or after the last one for a reader that asks for exactly its page.
  if (page.length === window.limit && page.length > 1) remember(window.offset + window.limit - 1, page[page.length - 2]);
  if (page.length === window.limit) remember(window.offset + window.limit, page[page.length - 1]);
  cacheKeep(ctx, 'issuePageStart', starts, mark);
  return page.map((row) => row.id);
}

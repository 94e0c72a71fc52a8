/**
 * The bench's repositories for the issue search: `repositories` repositories with `issuesPerRepository` issues
 * each, written straight into the bench server's database (multi-row INSERTs, through the server's own client so
 * that its caches hear of the writes). Of every ten repositories, one is private and out of the reader's reach,
 * three are private with the reader as a collaborator, six are public; they alternate between two owners. The
 * repositories have no git data: the search reads none.
 */
import type { Db } from '../../src/db/client.ts';
import { insertRows } from '../../src/db/insert-rows.ts';
import type { Provider } from '../../src/db/provider.ts';
import { settleAfterBulkWrite } from './settle.ts';

export interface SearchSeed {
  ownerIds: number[];
  readerId: number;
  repositories: number;
  issuesPerRepository: number;
}

/** Seeded issues are older than any other of the bench (its large tracker starts in 2020). */
const START = Date.UTC(2019, 0, 1);

/** Which repositories the reader reaches: 0 (private, out of reach), 1 to 3 (collaborator), 4 to 9 (public). */
const kindOf = (index: number) => (index % 10 === 0 ? 'hidden' : index % 10 <= 3 ? 'shared' : 'public');

/** The title of issue k (0-based) of repository `index`; the first issue of each repository is closed. */
export const searchIssueTitle = (index: number, k: number) => `search ${index}-${k}`;

/** The oldest open issue the reader may read: repository 1's second issue (repository 0 is out of reach). */
export const OLDEST_READABLE_OPEN = searchIssueTitle(1, 1);

export async function seedSearch(db: Db, provider: Provider, seed: SearchSeed): Promise<{ readableOpen: number }> {
  const now = new Date();
  const closedPerRepository = 1;
  const repositories = Array.from({ length: seed.repositories }, (_, index) => ({
    ownerId: seed.ownerIds[index % seed.ownerIds.length],
    name: `search-${index}`,
    lowerName: `search-${index}`,
    isPrivate: kindOf(index) !== 'public',
    issueCounter: seed.issuesPerRepository,
    issueCount: seed.issuesPerRepository,
    closedIssueCount: closedPerRepository,
    createdAt: now,
    updatedAt: now,
  }));
  await db.$transaction(insertRows(db, provider, 'Repository', repositories));
  const rows = await db.repository.findMany({ where: { name: { startsWith: 'search-' }, ownerId: { in: seed.ownerIds } }, select: { id: true, name: true } });
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const collaborations = repositories
    .map((_, index) => index)
    .filter((index) => kindOf(index) === 'shared')
    .map((index) => ({ repoId: idOf.get(`search-${index}`)!, userId: seed.readerId, permission: 'read', createdAt: now }));
  const issues = repositories.flatMap((_, index) =>
    Array.from({ length: seed.issuesPerRepository }, (__, k) => {
      const createdAt = new Date(START + (index * seed.issuesPerRepository + k) * 60_000);
      const closed = k < closedPerRepository;
      return {
        repoId: idOf.get(`search-${index}`)!,
        number: k + 1,
        posterId: seed.ownerIds[index % seed.ownerIds.length],
        title: searchIssueTitle(index, k),
        body: `the text of issue ${k + 1} of search-${index}`,
        isClosed: closed,
        createdAt,
        updatedAt: createdAt,
        closedAt: closed ? createdAt : null,
      };
    }),
  );
  await db.$transaction([...insertRows(db, provider, 'Collaboration', collaborations), ...insertRows(db, provider, 'Issue', issues)]);
  const readable = repositories.filter((_, index) => kindOf(index) !== 'hidden').length;
  await settleAfterBulkWrite(db, provider, ['Repository', 'Collaboration', 'Issue']);
  return { readableOpen: readable * (seed.issuesPerRepository - closedPerRepository) };
}

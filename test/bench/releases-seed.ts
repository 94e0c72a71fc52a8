/**
 * The large release list of the bench: release rows (each on a tag of its own name, none drafts, every tenth a
 * prerelease) written straight into the bench server's database, as pulls-seed.ts writes pull requests. The tags
 * themselves are not made: the list reads rows only.
 */
import type { Db } from '../../src/db/client.ts';
import { insertRows } from '../../src/db/insert-rows.ts';
import type { Provider } from '../../src/db/provider.ts';
import { settleAfterBulkWrite } from './settle.ts';

export interface ReleaseSeed {
  repoId: number;
  publisherId: number;
  releases: number;
  commit: string;
}

export async function seedReleases(db: Db, provider: Provider, seed: ReleaseSeed): Promise<{ releases: number }> {
  const start = Date.UTC(2021, 0, 1);
  const rows = Array.from({ length: seed.releases }, (_, i) => {
    const at = new Date(start + (i + 1) * 60_000);
    return {
      repoId: seed.repoId,
      publisherId: seed.publisherId,
      tagName: `r${i + 1}`,
      target: 'main',
      title: `release ${i + 1}`,
      note: `the notes of release ${i + 1}`,
      sha1: seed.commit,
      isDraft: false,
      isPrerelease: (i + 1) % 10 === 0,
      isTag: false,
      createdAt: at,
      updatedAt: at,
    };
  });
  await db.$transaction(insertRows(db, provider, 'Release', rows));
  await settleAfterBulkWrite(db, provider, ['Release']);
  return { releases: rows.length };
}

import DataLoader from 'dataloader';
import type { PublicKey, User } from '../../db/models.ts';
import { commitIdsBetween } from '../../git/log.ts';
import { readCommitInfo } from '../../git/refs.ts';
import type { CommitSigner } from '../../git/write.ts';
import type { ServiceContext } from '../../services.ts';
import { USER_KEY } from '../key/key.rules.ts';
import { repositoryPath } from '../repo/storage.ts';
import { groupKeys, type GpgKeyGroup } from './gpg.service.ts';
import { instanceKey } from './gpg.instance-key.ts';
import { verifyCommit, type KeySources } from './gpg.verification.ts';

// ---------------------------------------------------------------------------------------------
// When a commit is signed

/** A service context; the GraphQL context's loaders batch the verifications a rule needs when it has them. */
export type SigningContext = ServiceContext & { loaders?: KeySources };

/** The commit Graft is about to make, and what its rules read. */
export type SigningOccasion =
  /** The first commit of a new repository (INITIAL_COMMIT). */
  | { kind: 'initialCommit'; actor: User }
  /** A commit of the contents API (CRUD_ACTIONS) on `parent` (null: the first commit of an empty repository). */
  | { kind: 'crudAction'; actor: User; repoId: number; parent: string | null }
  /**
   * A merge (MERGES): of `head` into `base`, both in the repository `repoId`; `approved` says whether the base
   * branch has a protection rule and the pull request an approval (false where there is no pull request).
   */
  | { kind: 'merge'; actor: User; repoId: number; base: string; head: string; approved: () => Promise<boolean> };

const RULES_OF = {
  initialCommit: 'SIGNING_INITIAL_COMMIT',
  crudAction: 'SIGNING_CRUD_ACTIONS',
  merge: 'SIGNING_MERGES',
} as const;

/**
 * How to sign the commit of an occasion, or undefined when it is not signed: no key, or a rule of its list that
 * does not hold (Gitea's rules: never and always stand alone, every other listed rule must hold, an empty list is
 * never).
 */
export async function commitSigner(ctx: SigningContext, occasion: SigningOccasion): Promise<CommitSigner | undefined> {
  const key = await instanceKey(ctx.config);
  if (!key) return undefined;
  const rules = ctx.config.repository[RULES_OF[occasion.kind]];
  if (rules.length === 0) return undefined;
  for (const rule of rules) {
    if (rule === 'never') return undefined;
    if (rule === 'always') break;
    if (!(await holds(ctx, rule, occasion))) return undefined;
  }
  return key.sign;
}

async function holds(ctx: SigningContext, rule: string, occasion: SigningOccasion): Promise<boolean> {
  switch (rule) {
    case 'pubkey':
      return (await ctx.db.gpgKey.count({ where: { ownerId: occasion.actor.id } })) > 0;
    case 'twofa':
      return occasion.actor.totpSecret !== null;
    case 'parentsigned':
      return occasion.kind === 'crudAction' && occasion.parent !== null && verified(ctx, occasion.repoId, [occasion.parent]);
    case 'basesigned':
      return occasion.kind === 'merge' && verified(ctx, occasion.repoId, [occasion.base]);
    case 'headsigned':
      return occasion.kind === 'merge' && verified(ctx, occasion.repoId, [occasion.head]);
    case 'commitssigned': {
      if (occasion.kind !== 'merge') return false;
      const gitDir = repositoryPath(ctx.config, occasion.repoId);
      const commits = await commitIdsBetween(gitDir, occasion.head, [occasion.base]);
      return verified(ctx, occasion.repoId, [occasion.head, ...commits.filter((c) => c !== occasion.head)]);
    }
    case 'approved':
      return occasion.kind === 'merge' && occasion.approved();
    default:
      return false;
  }
}

/** Whether every one of the commits is verified (their keys load together). */
async function verified(ctx: SigningContext, repoId: number, oids: string[]): Promise<boolean> {
  const gitDir = repositoryPath(ctx.config, repoId);
  const sources = ctx.loaders ?? keySourcesOf(ctx);
  const answers = await Promise.all(oids.map(async (oid) => verifyCommit({ loaders: sources, config: ctx.config }, await readCommitInfo(gitDir, oid))));
  return answers.every((a) => a.verified);
}

/**
 * Key sources for a context without the GraphQL loaders (a service called outside a request): the same lookups,
 * batched per call.
 */
function keySourcesOf(ctx: ServiceContext): KeySources {
  const users = (rows: User[], key: (u: User) => string | number) => new Map(rows.map((u) => [key(u), u]));
  return {
    userByEmail: new DataLoader<string, User | null>(async (emails) => {
      const found = users(await ctx.db.user.findMany({ where: { lowerEmail: { in: [...emails] }, type: 'user' } }), (u) => u.lowerEmail);
      return emails.map((e) => found.get(e) ?? null);
    }),
    userById: new DataLoader<number, User | null>(async (ids) => {
      const found = users(await ctx.db.user.findMany({ where: { id: { in: [...ids] } } }), (u) => u.id);
      return ids.map((id) => found.get(id) ?? null);
    }),
    gpgKeysByKeyId: new DataLoader<string, GpgKeyGroup[]>(async (ids) => {
      const hits = await ctx.db.gpgKey.findMany({ where: { keyId: { in: [...ids] } } });
      const primaryIds = [...new Set(hits.map((h) => h.primaryKeyId || h.keyId))];
      const rows = primaryIds.length ? await ctx.db.gpgKey.findMany({ where: { OR: [{ keyId: { in: primaryIds } }, { primaryKeyId: { in: primaryIds } }] }, orderBy: { id: 'asc' } }) : [];
      const all = groupKeys(rows);
      return ids.map((id) => all.filter((g) => g.primary.keyId === id || g.subkeys.some((k) => k.keyId === id)));
    }),
    gpgKeysByOwner: new DataLoader<number, GpgKeyGroup[]>(async (ownerIds) => {
      const all = groupKeys(await ctx.db.gpgKey.findMany({ where: { ownerId: { in: [...ownerIds] } }, orderBy: { id: 'asc' } }));
      return ownerIds.map((id) => all.filter((g) => g.primary.ownerId === id));
    }),
    sshKeysByOwner: new DataLoader<number, PublicKey[]>(async (ownerIds) => {
      const rows = await ctx.db.publicKey.findMany({ where: { ownerId: { in: [...ownerIds] }, type: USER_KEY }, orderBy: { id: 'asc' } });
      return ownerIds.map((id) => rows.filter((r) => r.ownerId === id));
    }),
  };
}

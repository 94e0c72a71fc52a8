import type { Db } from '../../db/client.ts';
import type { Prisma, Webhook } from '../../db/models.ts';

/**
 * The repository hooks a new repository starts with: a copy of each default hook (Gitea's
 * CopyDefaultWebhooksToRepo), for the nested create of the repository row, so the row and its copies are
 * written in one transaction. A copy is the repository's own: later edits of the default hook leave it as it is.
 */
export async function defaultHookCopies(db: Db): Promise<Prisma.WebhookCreateWithoutRepoInput[]> {
  const defaults = await db.webhook.findMany({ where: { kind: 'default' }, orderBy: { id: 'asc' } });
  return defaults.map(repositoryHookCopy);
}

/** A hook as a new repository's own (a default hook's copy, a template repository's hook in a generated one): its settings whole, its type's included. */
export function repositoryHookCopy(hook: Webhook): Prisma.WebhookCreateWithoutRepoInput {
  const { type, meta, name, url, httpMethod, contentType, secret, authorizationHeader, events, branchFilter, active } = hook;
  return { kind: 'repo', type, meta, name, url, httpMethod, contentType, secret, authorizationHeader, events, branchFilter, active };
}

import type { ServiceContext } from '../../services.ts';
import { selectHooks } from './hook-selection.ts';
import type { PayloadRequest } from './webhook.rules.ts';

/**
 * The payload of a deletion, built while what it describes still exists (Gitea builds it from the rows in
 * memory before they go): the event carries it, and the deliveries written later send it as it is. Built only
 * when an active hook covers the repository, so a deletion where no hook listens costs one read of the hooks.
 */
export async function payloadBeforeDeletion(ctx: ServiceContext, request: PayloadRequest): Promise<Record<string, unknown> | undefined> {
  if (!ctx.hookPayloads) return undefined;
  const hooks = await selectHooks(ctx.db, [request.repoId]);
  if (!hooks.hooksOf(request.repoId).some((hook) => hook.active)) return undefined;
  return (await ctx.hookPayloads(request)) ?? undefined;
}

import DataLoader from 'dataloader';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { mentionableAmong } from './markup.service.ts';

export const MARKUP_LOADERS = defineLoaders('markup', {
  /** Whether a mention (a lower-cased login) links to an account the caller sees: one statement per batch. */
  mentionable: (ctx: ServiceContext) =>
    new DataLoader<string, boolean>(async (names) => {
      const found = await mentionableAmong(ctx, names);
      return names.map((name) => found.has(name));
    }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof MARKUP_LOADERS> {}
}

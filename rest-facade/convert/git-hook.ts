import type { RestGitHookFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

/** GraphQL GitHook → REST GitHook (Gitea's convert.ToGitHook); the content is sent empty rather than left out. */
export function toGitHook(hook: RestGitHookFragment): RestSchema<'GitHook'> {
  return { name: hook.name, is_active: hook.isActive, content: hook.content };
}

import { builder } from '../../graphql/builder.ts';
import type { CustomHook } from '../../git/custom-hooks.ts';
import * as hooks from './git-hook.service.ts';

export const GitHookRef = builder.objectRef<CustomHook>('GitHook').implement({
  description: "A repository's own git hook: a script a push runs (pre-receive, update or post-receive).",
  fields: (t) => ({
    name: t.exposeString('name'),
    isActive: t.exposeBoolean('isActive', { description: 'Whether a script is set.' }),
    content: t.exposeString('content', { description: 'The script; empty when none is set.' }),
  }),
});

builder.queryFields((t) => ({
  gitHooks: t.field({
    type: [GitHookRef],
    description: "A repository's own git hooks (its administrators who may edit git hooks, while the server allows them).",
    tokenScope: 'read:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name }, ctx) => hooks.listGitHooks(ctx, owner, name),
  }),
  gitHook: t.field({
    type: GitHookRef,
    description: 'One git hook of a repository by name.',
    tokenScope: 'read:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), hook: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name, hook }, ctx) => hooks.getGitHook(ctx, owner, name, hook),
  }),
}));

builder.mutationFields((t) => ({
  updateGitHook: t.field({
    type: GitHookRef,
    description: "Sets the script of a repository's git hook; an empty script removes it.",
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), hook: t.arg.string({ required: true }), content: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name, hook, content }, ctx) => hooks.editGitHook(ctx, owner, name, hook, content),
  }),
  deleteGitHook: t.boolean({
    description: "Removes the script of a repository's git hook; true when done.",
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), hook: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name, hook }, ctx) => {
      await hooks.deleteGitHook(ctx, owner, name, hook);
      return true;
    },
  }),
}));

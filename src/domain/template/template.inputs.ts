import type { FieldTable, InputOf } from '../fields.ts';

/** What generating a repository from a template takes (Gitea's GenerateRepoOption): where, and which parts to copy. */
export const GENERATE_REPOSITORY_FIELDS = {
  owner: { kind: 'string', required: true },
  name: { kind: 'string', required: true },
  description: { kind: 'string' },
  private: { kind: 'boolean' },
  defaultBranch: { kind: 'string' },
  gitContent: { kind: 'boolean' },
  topics: { kind: 'boolean' },
  gitHooks: { kind: 'boolean' },
  webhooks: { kind: 'boolean' },
  avatar: { kind: 'boolean' },
  labels: { kind: 'boolean' },
  protectedBranch: { kind: 'boolean' },
} as const satisfies FieldTable;

export type GenerateRepositoryInput = InputOf<typeof GENERATE_REPOSITORY_FIELDS>;

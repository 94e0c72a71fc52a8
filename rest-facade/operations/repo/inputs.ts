import type { CreateRepositoryInput, ObjectFormat, UpdateRepositoryInput } from '../../__generated__/graphql.ts';
import { mergeStyle, trackerStyle, trustModel } from '../../lenient.ts';
import type { RequestBody } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

/** CreateRepoOption → CreateRepositoryInput (shared by the create operations); an unknown trust model reads as default. */
export function createRepositoryInput(body: RequestBody<'createCurrentUserRepo'>): CreateRepositoryInput {
  return {
    ...fromSnakeCase(body, 'CreateRepositoryInput', ['objectFormat', 'trustModel']),
    objectFormat: (body.object_format_name || undefined) as ObjectFormat | undefined,
    trustModel: trustModel(body.trust_model),
  };
}

/** EditRepoOption → UpdateRepositoryInput; unknown merge and tracker styles read as Gitea's defaults. */
export function updateRepositoryInput(body: RequestBody<'repoEdit'>): UpdateRepositoryInput {
  const external = body.external_tracker;
  return {
    // mirror_interval, enable_prune and the mirror credentials apply to mirrors only: Gitea ignores them
    // on other repositories, and Graft has no mirrors.
    ...fromSnakeCase(body, 'UpdateRepositoryInput', [
      'mirrorInterval',
      'enablePrune',
      'mirrorCredentials',
      'defaultMergeStyle',
      'externalTracker',
      'externalWiki',
    ]),
    defaultMergeStyle: mergeStyle(body.default_merge_style),
    externalTracker: external
      ? {
          url: external.external_tracker_url ?? '',
          format: external.external_tracker_format,
          style: trackerStyle(external.external_tracker_style),
          regexpPattern: external.external_tracker_regexp_pattern,
        }
      : undefined,
    externalWiki: body.external_wiki ? { url: body.external_wiki.external_wiki_url ?? '' } : undefined,
  };
}

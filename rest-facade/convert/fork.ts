import type { MergeUpstreamType, RestMergeUpstreamFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

const MERGE_TYPES: Record<MergeUpstreamType, string> = { UP_TO_DATE: 'up-to-date', FAST_FORWARD: 'fast-forward', MERGE: 'merge' };

/** How merge-upstream brought the branch up to date, as Gitea's MergeUpstreamResponse. */
export function toMergeUpstreamResponse(merge: RestMergeUpstreamFragment): RestSchema<'MergeUpstreamResponse'> {
  return { merge_type: MERGE_TYPES[merge.mergeType] };
}

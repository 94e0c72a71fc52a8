import type { FieldTable, InputOf } from '../fields.ts';
import { ISSUE_KINDS, ISSUE_LIST_STATES } from './issue.inputs.ts';

/** The orders a search may ask for (Gitea's sort names); `newest` when none is asked. */
export const ISSUE_SEARCH_SORTS = ['newest', 'oldest', 'recentupdate', 'leastupdate', 'mostcomment', 'leastcomment', 'nearduedate', 'farduedate', 'recentclose'] as const;
export type IssueSearchSort = (typeof ISSUE_SEARCH_SORTS)[number];

/**
 * Which issues a search across repositories finds, among those of every repository whose issues (or pull
 * requests) the caller reads. Every filter left out finds all (the state: open ones). The viewer's own filters
 * (assigned, created, mentioned, review requested, reviewed) apply only to a signed-in caller, as in Gitea.
 */
export const ISSUE_SEARCH_FIELDS = {
  state: { kind: 'enum', values: ISSUE_LIST_STATES, description: 'Default: open.' },
  kind: { kind: 'enum', values: ISSUE_KINDS, description: 'Issues or pull requests; default both.' },
  labels: { kind: 'string', list: true, description: 'Label names: issues with any of them; names no label has are ignored.' },
  milestones: { kind: 'string', list: true, description: 'Milestone titles: issues in any of them; titles no milestone has are ignored.' },
  query: { kind: 'string', description: 'Text the title, the body or a comment contains, whatever its case.' },
  updatedSince: { kind: 'dateTime' },
  updatedBefore: { kind: 'dateTime' },
  assignedToViewer: { kind: 'boolean', description: 'Only issues the viewer is assigned to.' },
  postedByViewer: { kind: 'boolean', description: 'Only issues the viewer opened.' },
  mentioningViewer: { kind: 'boolean', description: 'Only issues whose body mentions the viewer (@login).' },
  reviewRequestedOfViewer: { kind: 'boolean', description: "Only pull requests asking for the viewer's review." },
  reviewedByViewer: { kind: 'boolean', description: 'Only pull requests the viewer reviewed.' },
  owner: { kind: 'string', description: 'Login of the account owning the repositories; an unknown one is BAD_REQUEST.' },
  team: { kind: 'string', description: "Name of a team of `owner` (required with it): only the repositories it reaches." },
  postedBy: { kind: 'string', description: 'Login of the poster.' },
  priorityRepositoryId: { kind: 'int', description: "This repository's issues come first, each part in the order asked." },
  sort: { kind: 'enum', values: ISSUE_SEARCH_SORTS, description: 'Default: newest.' },
} as const satisfies FieldTable;

export type IssueSearchFilter = InputOf<typeof ISSUE_SEARCH_FIELDS>;

/**
 * What the rows of an issue's timeline (Comment rows, by `type`, with Gitea's type names) are to the rules:
 * which carry text of their own, which count as the conversation, which reference another place. Pure data.
 */

/** Types whose rows hold text their poster wrote, which an edit may change (Gitea's HasContentSupport). */
export const TYPES_WITH_CONTENT: ReadonlySet<string> = new Set(['comment', 'code', 'review', 'dismiss_review']);

/** Types counted in an issue's number of comments (Gitea's ConversationCountedCommentType). */
export const COUNTED_TYPES: ReadonlySet<string> = new Set(['comment', 'review']);

/** Rows that reference this issue from another place: shown only to those who may read that place. */
export const REFERENCE_TYPES = ['issue_ref', 'comment_ref', 'pull_ref', 'commit_ref'] as const;

/**
 * Gitea lists every comment of an issue at once (GET …/issues/{index}/comments takes no page): the REST list asks
 * for this many, which GraphQL's Issue.comments grants as its largest page.
 */
export const ISSUE_COMMENTS_AT_ONCE = 10_000;

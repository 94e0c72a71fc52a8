/**
 * Who follows an issue without asking, as Gitea counts participants: the poster, those who commented (comments of
 * these timeline types: a plain comment, a comment on code, a review), the assignees, the accounts mentioned in
 * the issue or its comments, and the watchers of the repository; an explicit unsubscribe wins over all of them.
 */
export const PARTICIPANT_COMMENT_TYPES = ['comment', 'code', 'review'];

/**
 * A mention: `@login` at the start of the text or after a space or an opening bracket (so an e-mail address is
 * not one), up to the end of the text, a space or punctuation. A login is letters, digits, `-`, `_` and single dots
 * between them, so the dot that ends a sentence is not part of it.
 */
const MENTION = /(?:^|[\s([])@([0-9A-Za-z_-]+(?:\.[0-9A-Za-z_-]+)*)(?=$|[\s:,;.?!)\]'"])/g;

/** The logins mentioned in a text, lower-cased (logins compare without case), each once. */
export function mentionedLogins(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) found.add(match[1].toLowerCase());
  return [...found];
}

/**
 * Pure rules of pull request reviews: the kinds of review and their REST states, and the hunk a line comment
 * keeps of the diff it was made on.
 */

/** What a Review row is (Gitea's ReviewType): pending (its author's draft), approve, comment, reject, or request. */
export const REVIEW_TYPES = ['pending', 'approve', 'comment', 'reject', 'request'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** A review's state as the API names it (Gitea's ReviewStateType), which is also what a review's `event` asks for. */
export const REVIEW_STATES = ['APPROVED', 'PENDING', 'COMMENT', 'REQUEST_CHANGES', 'REQUEST_REVIEW'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

const STATE_OF: Record<ReviewType, ReviewState> = {
  pending: 'PENDING',
  approve: 'APPROVED',
  comment: 'COMMENT',
  reject: 'REQUEST_CHANGES',
  request: 'REQUEST_REVIEW',
};

export const stateOf = (type: string): ReviewState => STATE_OF[type as ReviewType] ?? 'PENDING';

/**
 * The review an `event` asks for, as Gitea reads it: APPROVED, REQUEST_CHANGES and COMMENT as named; anything
 * else (left out, PENDING, REQUEST_REVIEW) keeps the review pending.
 */
export function typeOfEvent(event: ReviewState | null | undefined): Exclude<ReviewType, 'request'> {
  if (event === 'APPROVED') return 'approve';
  if (event === 'REQUEST_CHANGES') return 'reject';
  if (event === 'COMMENT') return 'comment';
  return 'pending';
}

/**
 * Why a review of this type cannot be written with this body (Gitea's preparePullReviewType), or null: an
 * approval needs nothing; a comment needs a body or line comments; a rejection and a pending review need a body.
 * The pull request's poster may neither approve nor reject it.
 */
export function reviewRefusal(type: Exclude<ReviewType, 'request'>, body: string, hasComments: boolean, isPoster: boolean): string | null {
  const hasBody = body.trim() !== '';
  if ((type === 'approve' || type === 'reject') && isPoster) return `${type === 'approve' ? 'approving' : 'rejecting'} your own pull request is not allowed`;
  if (type === 'approve') return null;
  if (type === 'comment') return hasBody || hasComments ? null : 'a COMMENT review needs a body or a line comment';
  return hasBody ? null : `a ${type === 'reject' ? 'REQUEST_CHANGES' : 'PENDING'} review needs a body`;
}

/** How many lines of the diff a line comment keeps, the commented line last (Gitea's ui.CODE_COMMENT_LINES). */
export const CODE_COMMENT_LINES = 4;

/** The line a comment names: the new side's line (`newLine`), or the old side's (`oldLine`), stored negative. */
export function signedLine(newLine: number | null | undefined, oldLine: number | null | undefined): number {
  if (oldLine && oldLine > 0) return -oldLine;
  return newLine && newLine > 0 ? newLine : 0;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The file sections of a unified diff by path (the path after the change; for a removed file, before it). */
export function diffSections(diff: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let lines: string[] | null = null;
  let oldPath = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      lines = [];
      oldPath = '';
      continue;
    }
    if (!lines) continue;
    if (lines.length === 0 && line.startsWith('--- ')) {
      oldPath = line === '--- /dev/null' ? '' : line.slice(4).replace(/^a\//, '');
      continue;
    }
    if (lines.length === 0 && line.startsWith('+++ ')) {
      const newPath = line === '+++ /dev/null' ? oldPath : line.slice(4).replace(/^b\//, '');
      sections.set(newPath, lines);
      if (oldPath && oldPath !== newPath) sections.set(oldPath, lines);
      continue;
    }
    if (line.startsWith('@@') || (lines.length > 0 && /^[ +\-\\]/.test(line))) lines.push(line);
  }
  return sections;
}

/**
 * The hunk a line comment shows (Gitea's CutDiffAroundLine): up to CODE_COMMENT_LINES lines of the file's diff
 * ending at the commented line, under a header that numbers them; null when the diff does not show that line
 * on that side.
 */
export function hunkAround(section: readonly string[], line: number): string | null {
  const old = line < 0;
  const wanted = Math.abs(line);
  let start = -1;
  let oldNo = 0;
  let newNo = 0;
  for (let i = 0; i < section.length; i++) {
    const text = section[i];
    const header = HUNK.exec(text);
    if (header) {
      start = i + 1;
      oldNo = Number(header[1]);
      newNo = Number(header[2]);
      continue;
    }
    if (start < 0 || text.startsWith('\\')) continue;
    const kind = text[0];
    const here = old ? (kind !== '+' ? oldNo : -1) : kind !== '-' ? newNo : -1;
    if (here === wanted) {
      const first = Math.max(start, i - CODE_COMMENT_LINES + 1);
      const kept = section.slice(first, i + 1).filter((l) => !l.startsWith('\\'));
      // The numbers of the first kept line: walk back from the commented one.
      let oldFirst = oldNo;
      let newFirst = newNo;
      for (const l of kept.slice(0, -1).reverse()) {
        if (l[0] !== '+') oldFirst--;
        if (l[0] !== '-') newFirst--;
      }
      const oldCount = kept.filter((l) => l[0] !== '+').length;
      const newCount = kept.filter((l) => l[0] !== '-').length;
      return [`@@ -${oldFirst},${oldCount} +${newFirst},${newCount} @@`, ...kept].join('\n');
    }
    if (kind !== '+') oldNo++;
    if (kind !== '-') newNo++;
  }
  return null;
}

/** Names: the checks every caller uses before a branch or tag name, or a revision, reaches git. No process is spawned. */

/** Longest branch or tag name accepted when one is created through the API (Gitea: 100). */
export const MAX_REF_NAME_LENGTH = 100;
/** Longest branch or tag name looked up (a ref is a file: one path component holds at most 255 bytes). */
const MAX_LOOKUP_NAME_LENGTH = 255;
/** Longest revision expression handed to git. */
const MAX_REVISION_LENGTH = 1024;

/**
 * Whether `name` can be a branch or tag name (the part after refs/heads/ or refs/tags/): git's
 * check-ref-format rules, checked here without a process, refusing option-like names. A name that fails
 * cannot exist, so looking it up needs no git at all.
 */
export function isWellFormedRefName(name: string, maxLength = MAX_LOOKUP_NAME_LENGTH): boolean {
  if (!name || name.length > maxLength) return false;
  if (name.startsWith('-') || name === '@') return false;
  if (name.startsWith('/') || name.endsWith('/') || name.endsWith('.') || name.includes('//')) return false;
  if (name.includes('..') || name.includes('@{')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  for (const part of name.split('/')) {
    if (part.startsWith('.') || part.endsWith('.lock')) return false;
  }
  return true;
}

/** Whether `name` may be given to a new branch or tag: well formed, not HEAD, at most MAX_REF_NAME_LENGTH characters. */
export function isValidRefShortName(name: string): boolean {
  return name.length <= MAX_REF_NAME_LENGTH && name !== 'HEAD' && isWellFormedRefName(name);
}

/**
 * Why `rev` may not be handed to git as a revision expression (commit id, branch, tag, main~2 …), or null
 * when it may: empty, option-like (a leading '-'), or malformed (control characters, absurd length).
 */
export function revisionProblem(rev: string): 'empty' | 'option' | 'malformed' | null {
  if (!rev) return 'empty';
  if (rev.startsWith('-')) return 'option';
  // eslint-disable-next-line no-control-regex
  if (rev.length > MAX_REVISION_LENGTH || /[\0-\x1f\x7f]/.test(rev)) return 'malformed';
  return null;
}

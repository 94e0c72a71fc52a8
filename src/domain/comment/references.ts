/**
 * References to issues written in text, found as Gitea finds them (its modules/references): `#12` (or `!12`) names
 * an issue of the same repository, `owner/repo#12` one of another repository. A reference stands on its own: it
 * starts the text or follows a space or an opening bracket or quote, and it ends the text or is followed by a
 * space, a closing bracket or quote, or a punctuation mark that ends the text or precedes a space. So `a#1`,
 * `#1a`, `x/y#1z` and `#1.5` are no references. Pure functions, no I/O.
 */

export interface IssueReference {
  /** The repository named before the `#`; absent for `#12`, which names the repository of the text. */
  owner?: string;
  name?: string;
  number: number;
}

// What may end a reference: the end, a space, a closing bracket or quote, or punctuation then a space or the end.
const END = String.raw`(?=$|[\s)\]'"]|[:;,.?!](?:\s|$))`;
const LOCAL = new RegExp(String.raw`(?<=^|[\s(\['"])[#!](\d+)${END}`, 'gu');
const CROSS = new RegExp(String.raw`(?<=^|[\s(\[])([0-9A-Za-z_.-]+)/([0-9A-Za-z_.-]+)[#!](\d+)${END}`, 'gu');

/** Numbers beyond this are no issue numbers (Gitea's int64 indexes; our ids are 32-bit). */
const MAX_NUMBER = 2 ** 31 - 1;

/** The references in plain text (a title, a commit message), each once, in the order they first appear. */
export function findReferences(text: string): IssueReference[] {
  const found: { at: number; ref: IssueReference }[] = [];
  for (const m of text.matchAll(LOCAL)) found.push({ at: m.index, ref: { number: Number(m[1]) } });
  for (const m of text.matchAll(CROSS)) found.push({ at: m.index, ref: { owner: m[1], name: m[2], number: Number(m[3]) } });
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.ref)
    .filter((ref) => {
      if (ref.number < 1 || ref.number > MAX_NUMBER) return false;
      const key = `${ref.owner?.toLowerCase() ?? ''}/${ref.name?.toLowerCase() ?? ''}#${ref.number}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The references in Markdown (an issue's body, a comment): code is no text, so fenced code blocks (``` or ~~~)
 * and inline code spans are left out before the text is read as plain text, as Gitea strips Markdown first.
 */
export function findReferencesInMarkdown(markdown: string): IssueReference[] {
  return findReferences(withoutCode(markdown));
}

/** The Markdown with its fenced code blocks and code spans blanked (replaced by spaces, so nothing joins up). */
export function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  const kept = lines.map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null) {
      if (opening) {
        fence = opening[1];
        return '';
      }
      return line;
    }
    // A closing fence is at least as long as the opening one, of the same character, with nothing after it.
    if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length && line.trim() === opening[1]) fence = null;
    return '';
  });
  // Code spans: a run of backticks up to the next run of the same length.
  return kept.join('\n').replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => ' '.repeat(span.length));
}

/** The first line of a commit message, as a timeline shows a commit that referenced an issue. */
export const subjectOf = (message: string): string => message.split('\n', 1)[0].trim();

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

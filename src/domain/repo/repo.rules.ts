import { invalid } from '../../errors.ts';

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
/** Gitea's reserved repository names and suffixes. */
const RESERVED = new Set(['.', '..', '-']);
const RESERVED_SUFFIXES = ['.git', '.wiki', '.rss', '.atom'];
const TOPIC = /^[a-z0-9][-.a-z0-9]{0,34}$/;
export const MAX_TOPICS = 25;
/** Pull request merge styles a repository may default to. */
export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'];
/** How an external tracker's issue references look. */
export const TRACKER_STYLES = ['numeric', 'alphanumeric', 'regexp'];
/** The hashes a repository's objects may use. */
export const OBJECT_FORMATS = ['sha1', 'sha256'] as const;
/** Trust models for commit signatures. */
export const TRUST_MODELS = ['default', 'collaborator', 'committer', 'collaboratorcommitter'];

export function checkRepositoryName(name: string): void {
  if (!NAME.test(name)) throw invalid(`repository name "${name}" is invalid: use letters, digits, '-', '_' and '.'`);
  const lower = name.toLowerCase();
  if (RESERVED.has(lower) || RESERVED_SUFFIXES.some((s) => lower.endsWith(s))) throw invalid(`repository name "${name}" is reserved`);
}

/** Topics are lower case, start with a letter or digit, at most 35 characters, at most 25 per repository. */
export function normalizeTopics(topics: string[]): string[] {
  const cleaned = [...new Set(topics.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  const bad = cleaned.filter((t) => !TOPIC.test(t));
  if (bad.length) throw invalid(`invalid topics: ${bad.join(', ')}`, { invalidTopics: bad });
  if (cleaned.length > MAX_TOPICS) throw invalid(`a repository may have at most ${MAX_TOPICS} topics`);
  return cleaned.sort();
}

/** Failures of git work, classified from git's exit status and stderr so callers can answer 4xx, not 500. */
export type GitErrorCode = 'NOT_FOUND' | 'INVALID_ARGUMENT' | 'CONFLICT' | 'TIMEOUT' | 'CANCELLED' | 'FAILED';

export class GitError extends Error {
  constructor(
    readonly code: GitErrorCode,
    message: string,
    readonly stderr = '',
    readonly exitCode: number | null = null,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

const NOT_FOUND = [/unknown revision/i, /bad revision/i, /not a valid object name/i, /does not exist/i, /invalid object name/i, /not a tree object/i, /bad object/i, /path .* does not exist/i, /fatal: not a git repository/i, /couldn't find remote ref/i, /Not a valid/i];
const CONFLICT = [/cannot lock ref/i, /reference already exists/i, /is at .* but expected/i, /already exists/i, /non-fast-forward/i];

export function classify(stderr: string, exitCode: number | null, what: string): GitError {
  const line = stderr.trim().split('\n').pop() ?? '';
  if (NOT_FOUND.some((re) => re.test(stderr))) return new GitError('NOT_FOUND', `${what}: ${line}`, stderr, exitCode);
  if (CONFLICT.some((re) => re.test(stderr))) return new GitError('CONFLICT', `${what}: ${line}`, stderr, exitCode);
  return new GitError('FAILED', `${what} failed: ${line || `exit ${exitCode}`}`, stderr, exitCode);
}

import { commitTree, lastCommitsForPaths, lookupPath, readBlobData } from './contents.ts';
import { resolveCommit } from './repo.ts';

/**
 * Git notes (`git notes add`), read without a `git notes` process: the note of a commit is a blob in the tree
 * of refs/notes/commits, named by the commit id, possibly split into fan-out directories ("ab/cdef…",
 * "ab/cd/ef…") once a notes tree grows.
 */

export const NOTES_REF = 'refs/notes/commits';

export interface NoteRead {
  message: Buffer;
  /** The commit of the notes history that last changed this note. */
  notesCommit: string;
}

/** The note attached to `commit` (a full id), or null when there is none (or no notes ref). */
export async function readNote(gitDir: string, commit: string): Promise<NoteRead | null> {
  const notesHead = await resolveCommit(gitDir, NOTES_REF);
  if (!notesHead) return null;
  const tree = await commitTree(gitDir, notesHead);
  if (!tree) return null;
  // Each step moves two more hex digits into a directory name, as git's fan-out does.
  for (let split = 0; split < commit.length - 2; split += 2) {
    const dirs = Array.from({ length: split / 2 }, (_, i) => commit.slice(i * 2, i * 2 + 2));
    const path = [...dirs, commit.slice(split)].join('/');
    const found = await lookupPath(gitDir, tree, path);
    if (found.kind === 'found') {
      if (found.entry.type !== 'blob') return null;
      const message = await readBlobData(gitDir, found.entry.oid);
      if (!message) return null;
      const last = await lastCommitsForPaths(gitDir, notesHead, [path]);
      return { message, notesCommit: last.get(path) ?? notesHead };
    }
    // A fan-out directory that does not exist ends the search.
    if (found.kind === 'missing' && split > 0) {
      const parent = await lookupPath(gitDir, tree, dirs.join('/'));
      if (parent.kind !== 'found') return null;
    }
  }
  return null;
}

/** One line of a unified diff, with its numbers on the old and new side (null where it has none). */
export interface DiffLine {
  kind: 'context' | 'added' | 'removed' | 'hunk';
  text: string;
  oldLine: number | null;
  newLine: number | null;
}

export interface DiffFile {
  /** The path before and after (the same unless renamed; /dev/null for an added or deleted file). */
  oldPath: string;
  newPath: string;
  status: 'added' | 'deleted' | 'renamed' | 'modified';
  binary: boolean;
  additions: number;
  deletions: number;
  lines: DiffLine[];
}

const unquote = (path: string) => (path.startsWith('"') ? JSON.parse(path) as string : path);
const stripPrefix = (path: string) => unquote(path).replace(/^[ab]\//, '');

/** Parses `git diff` output (as the graph's `diff` fields give it) into files, hunks and numbered lines. */
export function parseDiff(text: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: DiffFile | null = null;
  let oldLine = 0;
  let newLine = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      const match = /^diff --git ("?a\/.*?"?) ("?b\/.*"?)$/.exec(line);
      const oldPath = match ? stripPrefix(match[1]) : '';
      const newPath = match ? stripPrefix(match[2]) : '';
      file = { oldPath, newPath, status: 'modified', binary: false, additions: 0, deletions: 0, lines: [] };
      files.push(file);
      continue;
    }
    if (!file) continue;
    if (line.startsWith('new file mode')) file.status = 'added';
    else if (line.startsWith('deleted file mode')) file.status = 'deleted';
    else if (line.startsWith('rename from ')) {
      file.status = 'renamed';
      file.oldPath = unquote(line.slice('rename from '.length));
    } else if (line.startsWith('rename to ')) file.newPath = unquote(line.slice('rename to '.length));
    else if (line.startsWith('Binary files ') || line === 'GIT binary patch') file.binary = true;
    else if (line.startsWith('@@')) {
      const match = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      oldLine = match ? Number(match[1]) : 0;
      newLine = match ? Number(match[2]) : 0;
      file.lines.push({ kind: 'hunk', text: line, oldLine: null, newLine: null });
    } else if (file.lines.length > 0) {
      if (line.startsWith('+')) {
        file.additions++;
        file.lines.push({ kind: 'added', text: line.slice(1), oldLine: null, newLine: newLine++ });
      } else if (line.startsWith('-')) {
        file.deletions++;
        file.lines.push({ kind: 'removed', text: line.slice(1), oldLine: oldLine++, newLine: null });
      } else if (line.startsWith(' ')) {
        file.lines.push({ kind: 'context', text: line.slice(1), oldLine: oldLine++, newLine: newLine++ });
      }
      // "\ No newline at end of file" and the final empty line carry no content.
    }
  }
  return files;
}

import path from 'node:path';
import { gitText, v } from '../../git/command.ts';

/** File extension → language, for the languages breakdown. Vendored and generated paths are left out. */
const BY_EXTENSION: Record<string, string> = {
  '.ts': 'TypeScript', '.tsx': 'TypeScript', '.js': 'JavaScript', '.mjs': 'JavaScript', '.cjs': 'JavaScript', '.jsx': 'JavaScript',
  '.go': 'Go', '.rs': 'Rust', '.py': 'Python', '.rb': 'Ruby', '.java': 'Java', '.kt': 'Kotlin', '.scala': 'Scala',
  '.c': 'C', '.h': 'C', '.cc': 'C++', '.cpp': 'C++', '.hpp': 'C++', '.cs': 'C#', '.php': 'PHP', '.swift': 'Swift',
  '.sh': 'Shell', '.bash': 'Shell', '.html': 'HTML', '.css': 'CSS', '.scss': 'SCSS', '.vue': 'Vue', '.svelte': 'Svelte',
  '.lua': 'Lua', '.pl': 'Perl', '.hs': 'Haskell', '.ex': 'Elixir', '.exs': 'Elixir', '.erl': 'Erlang', '.dart': 'Dart',
  '.sql': 'SQL', '.r': 'R', '.m': 'Objective-C', '.zig': 'Zig', '.nim': 'Nim', '.ml': 'OCaml', '.clj': 'Clojure',
};
const SKIPPED = /(^|\/)(node_modules|vendor|third_party|dist|build)\//;

/** Bytes per language in a commit's tree: one `git ls-tree -r -l` for the whole tree. */
export async function languageBytes(gitDir: string, rev: string): Promise<Record<string, number>> {
  const out = await gitText(['ls-tree', '-r', '-l', '-z', v(rev)], { gitDir });
  const totals: Record<string, number> = {};
  for (const record of out.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [, type, , size] = record.slice(0, tab).split(/\s+/);
    const file = record.slice(tab + 1);
    if (type !== 'blob' || SKIPPED.test(file)) continue;
    const language = BY_EXTENSION[path.extname(file).toLowerCase()];
    if (language) totals[language] = (totals[language] ?? 0) + Number(size);
  }
  return totals;
}

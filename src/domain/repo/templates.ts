import { badRequest, invalid } from '../../errors.ts';

/**
 * Files offered by auto_init. A deliberately small set; the names match Gitea's so the same create
 * requests work. An unknown name is refused, never a silently skipped file: a readme with 400 as in Gitea,
 * gitignores and licenses with 422 (Gitea fails those with a 500).
 */
const GITIGNORES: Record<string, string> = {
  Node: 'node_modules/\nnpm-debug.log*\ndist/\n.env\n',
  Go: '*.exe\n*.test\n*.out\nvendor/\n',
  Python: '__pycache__/\n*.py[cod]\n.venv/\nbuild/\ndist/\n*.egg-info/\n',
  Rust: 'target/\n',
  Java: '*.class\n*.jar\ntarget/\n',
  C: '*.o\n*.a\n*.so\n*.out\n',
};

const LICENSES: Record<string, (year: number, holder: string) => string> = {
  MIT: (year, holder) => `MIT License

Copyright (c) ${year} ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`,
  'Unlicense': () => `This is free and unencumbered software released into the public domain.

Anyone is free to copy, modify, publish, use, compile, sell, or distribute this
software, either in source code form or as a compiled binary, for any purpose,
commercial or non-commercial, and by any means.

For more information, please refer to <https://unlicense.org>
`,
};

export const gitignoreNames = () => Object.keys(GITIGNORES);
export const licenseNames = () => Object.keys(LICENSES);

export interface InitialFiles {
  readme?: string | null;
  gitignores?: string | null;
  license?: string | null;
}

/** The files of the first commit: README.md, .gitignore (templates joined), LICENSE. */
export function initialFiles(repo: { name: string; description: string }, owner: string, options: InitialFiles): Map<string, string> {
  const files = new Map<string, string>();
  const readme = options.readme || 'Default';
  if (readme !== 'Default') throw badRequest(`readme template "${readme}" does not exist, available templates: Default`);
  files.set('README.md', `# ${repo.name}\n\n${repo.description ? `${repo.description}\n` : ''}`);
  if (options.gitignores) {
    const names = options.gitignores.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = names.filter((n) => !GITIGNORES[n]);
    if (unknown.length) throw invalid(`unknown gitignore templates: ${unknown.join(', ')} (available: ${gitignoreNames().join(', ')})`);
    files.set('.gitignore', names.map((n) => `# ${n}\n${GITIGNORES[n]}`).join('\n'));
  }
  if (options.license) {
    const make = LICENSES[options.license];
    if (!make) throw invalid(`unknown license template "${options.license}" (available: ${licenseNames().join(', ')})`);
    files.set('LICENSE', make(new Date().getUTCFullYear(), owner));
  }
  return files;
}

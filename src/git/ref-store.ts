import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readObjectInfo } from './cat-file.ts';
import { isWellFormedRefName } from './names.ts';

/**
 * A repository's refs read from its files, as git's files backend keeps them (packed-refs, loose refs under
 * refs/, HEAD), and yielded as git's ref iteration yields them: sorted by name (bytewise), a loose ref over
 * the packed one of the same name, lock files and dot-files skipped.
 * Lets the git endpoints answer a ref advertisement without starting git.
 *
 * It reads only what it knows git reads the same way. Anything else makes it answer null, and the caller
 * runs git: a symbolic ref other than HEAD, a name or file content it does not recognise, a directory entry
 * that is neither file nor directory, alternates or a shallow file, or configuration (of the repository
 * or git's home) that could hide refs, move them to another store or change what is advertised.
 */

export interface StoredRef {
  name: string;
  oid: string;
}

export interface RefSnapshot {
  objectFormat: 'sha1' | 'sha256';
  /** HEAD: the ref it names (null when detached) and its object id (null while that branch is unborn). */
  head: { target: string | null; oid: string | null };
  /** The refs under refs/, sorted as git sorts them (those whose object is missing too, as git lists them). */
  refs: StoredRef[];
}

const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const LOOSE = /^([0-9a-f]{40}|[0-9a-f]{64})\n?$/;
const SYMBOLIC = /^ref: (refs\/[^\n]+)\n?$/;
/** Configuration that changes which refs git shows, where it keeps them, or what it advertises. */
const CONFIG_WE_DO_NOT_MODEL = /hiderefs|refstorage|namespace|lsrefs|advertise|certnonce|alternate|\[\s*include/i;

const OBJECT_FORMAT_SHA256 = /^\s*objectformat\s*=\s*sha256\s*$/im;

class Unknown extends Error {}
const unknown = () => {
  throw new Unknown();
};

/*
 * The files are small and in the page cache: read directly, they cost a few microseconds each, where each
 * asynchronous read costs a round trip through libuv's thread pool, and a snapshot needs several in turn.
 * Only the loose refs, which can be thousands of files, are read asynchronously beyond MAX_READ_AT_ONCE.
 */
const MAX_READ_AT_ONCE = 256;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function readTextLater(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Whether `file` exists (any error other than "no such file" counts as existing: git would stumble too). */
function present(file: string): boolean {
  try {
    readdirSync(file);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** A ref name git reads as we do: well formed (by the stricter rules Graft applies to names). */
function checkName(name: string) {
  if (!name.startsWith('refs/') || !isWellFormedRefName(name, Number.POSITIVE_INFINITY)) unknown();
}

/** packed-refs: `<oid> <name>` lines, `^<oid>` peeled lines, one `#` header. */
function parsePacked(text: string | null): Map<string, string> {
  const refs = new Map<string, string>();
  if (!text) return refs;
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('^') || (line.startsWith('# pack-refs with:') && refs.size === 0)) continue;
    const space = line.indexOf(' ');
    const oid = line.slice(0, space);
    const name = line.slice(space + 1);
    if (space < 0 || !OID.test(oid)) unknown();
    checkName(name);
    refs.set(name, oid);
  }
  return refs;
}

/** The names of the loose ref files under `prefix` (recursively); git skips dot-files and lock files. */
function listLoose(gitDir: string, prefix: string, into: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(path.join(gitDir, prefix), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name.endsWith('.lock')) continue;
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) listLoose(gitDir, `${name}/`, into);
    else if (!entry.isFile()) unknown();
    else {
      checkName(name);
      into.push(name);
    }
  }
}

/** Loose refs under refs/, into `into`. */
async function readLoose(gitDir: string, into: Map<string, string>): Promise<void> {
  const names: string[] = [];
  listLoose(gitDir, 'refs/', names);
  const many = names.length > MAX_READ_AT_ONCE;
  const texts = many ? await Promise.all(names.map((name) => readTextLater(path.join(gitDir, name)))) : names.map((name) => readText(path.join(gitDir, name)));
  names.forEach((name, i) => {
    // Removed since the directory was listed: a concurrent update; the caller lets git answer.
    const match = texts[i] === null ? null : LOOSE.exec(texts[i]!);
    if (!match) unknown();
    into.set(name, match![1]);
  });
}

const byBytes = (a: StoredRef, b: StoredRef) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name));

/** The repository's refs as git would list them, or null when git must be asked (see above). */
export async function readRefSnapshot(gitDir: string, homeDir: string): Promise<RefSnapshot | null> {
  try {
    const config = readText(path.join(gitDir, 'config'));
    const home = readText(path.join(homeDir, '.gitconfig'));
    const headText = readText(path.join(gitDir, 'HEAD'));
    if (config === null || CONFIG_WE_DO_NOT_MODEL.test(config) || CONFIG_WE_DO_NOT_MODEL.test(home ?? '')) return null;
    if (readText(path.join(gitDir, 'objects', 'info', 'alternates')) !== null || readText(path.join(gitDir, 'shallow')) !== null) return null;
    if (present(path.join(gitDir, 'reftable'))) return null;
    // Loose refs before packed-refs, as git reads them: refs packed meanwhile (pack-refs writes
    // packed-refs, then deletes the loose files) are then seen in one or the other.
    const loose = new Map<string, string>();
    await readLoose(gitDir, loose);
    const all = parsePacked(readText(path.join(gitDir, 'packed-refs')));
    for (const [name, oid] of loose) all.set(name, oid);

    let head: RefSnapshot['head'];
    const symbolic = headText === null ? null : SYMBOLIC.exec(headText);
    if (symbolic) {
      checkName(symbolic[1]);
      head = { target: symbolic[1], oid: all.get(symbolic[1]) ?? null };
    } else {
      const detached = headText === null ? null : LOOSE.exec(headText);
      if (!detached) return null;
      head = { target: null, oid: detached[1] };
    }

    const refs = [...all].map(([name, oid]) => ({ name, oid }));
    const objectFormat = OBJECT_FORMAT_SHA256.test(config) ? 'sha256' : 'sha1';
    const length = objectFormat === 'sha256' ? 64 : 40;
    if ([...all.values(), head.oid ?? ''.padEnd(length, '0')].some((oid) => oid.length !== length)) return null;
    return { objectFormat, head, refs: refs.sort(byBytes) };
  } catch (err) {
    if (err instanceof Unknown) return null;
    throw err;
  }
}

/**
 * The object an annotated tag (or a chain of them) finally names: null for any other object, or a missing
 * one. One read through the batch reader (`<oid>^{}` is the object itself unless it is a tag).
 */
export async function peeledOid(gitDir: string, oid: string): Promise<string | null> {
  const peeled = await readObjectInfo(gitDir, `${oid}^{}`);
  return peeled && peeled.oid !== oid ? peeled.oid : null;
}

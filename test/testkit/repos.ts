import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestAccount } from './accounts.ts';
import { restClient, type Auth } from './client.ts';
import type { ObjectFormat } from './contents.ts';
import { git, gitLocal, remoteUrl, tempDir } from './git.ts';

/** One commit of a built repository. Files map a path to its content, or to null to delete it. */
export interface RepoCommit {
  /** The name to find its id by in `TestRepo.ids`. */
  key?: string;
  /** The branch it lands on; the default branch when not given. */
  branch?: string;
  /**
   * Where a branch that does not exist yet starts: the key of an earlier commit or a branch name (the default
   * branch's head when not given, if it has one); null makes the commit a root (an orphan branch). Ignored for a
   * branch that already has commits.
   */
  from?: string | null;
  message?: string;
  /** ISO 8601, for the author and the committer; a fixed date a minute after the previous commit when not given. */
  date?: string;
  author?: { name: string; email: string };
  files?: Record<string, string | Buffer | null>;
}

export interface RepoSpec {
  name?: string;
  /** Create it in this organization (the owner passed to buildRepo must be allowed to) instead of for the owner. */
  org?: string;
  private?: boolean;
  description?: string;
  defaultBranch?: string;
  objectFormat?: ObjectFormat;
  /**
   * Let the server make the first commit (a README.md, "Initial commit"), as Gitea's `auto_init` does, for tests
   * that read what a new repository holds; nothing is pushed, so not with files, commits or tags.
   */
  autoInit?: boolean;
  /** Files of a first commit on the default branch, before `commits`. */
  files?: Record<string, string | Buffer | null>;
  commits?: RepoCommit[];
  /** Tags: name → a commit key or a branch; with a message, an annotated tag. */
  tags?: Record<string, string | { at: string; message: string }>;
  /** People given access to the repository, with their permission. */
  collaborators?: [TestAccount, 'read' | 'write' | 'admin'][];
}

/**
 * Who creates (and pushes to) a built repository: an account of the kit, or any login with its password (the site
 * administrator, a gitea-js account); `basic` when the password alone is not enough (a one-time code).
 */
export type RepoOwner = Pick<TestAccount, 'login' | 'password'> & { basic?: Auth };

/** What a test needs to address a built repository. */
export interface TestRepo {
  id: number;
  /** The login of the owning account or organization. */
  owner: string;
  name: string;
  fullName: string;
  private: boolean;
  defaultBranch: string;
  /** The clone URL the API reports. */
  cloneUrl: string;
  /** The repository's REST path: /repos/{owner}/{name}. */
  path: string;
  /** Commit ids by key. */
  ids: Record<string, string>;
  /** The head commit id of each branch pushed. */
  heads: Record<string, string>;
  /** The repository as the creating API call answered it. */
  body: any;
}

let counter = 0;

/**
 * A repository made through the REST API and filled with one `git push` of a history written by a single
 * `git fast-import` (so the cost hardly grows with the number of commits); collaborators are added in parallel.
 */
export async function buildRepo(server: { url: string }, owner: RepoOwner, spec: RepoSpec = {}): Promise<TestRepo> {
  const api = restClient(server.url);
  const name = spec.name ?? `repo${process.pid}x${++counter}`;
  const auth = owner.basic ?? { basic: [owner.login, owner.password] };
  assert.ok(!(spec.autoInit && (spec.files || spec.commits || spec.tags)), `${name}: autoInit makes the first commit, so nothing may be pushed`);
  const body = {
    name,
    private: spec.private ?? false,
    description: spec.description,
    default_branch: spec.defaultBranch,
    object_format_name: spec.objectFormat,
    auto_init: spec.autoInit,
  };
  const created = await api.post(spec.org ? `/orgs/${spec.org}/repos` : '/user/repos', body, auth);
  assert.equal(created.status, 201, `creating ${name}: ${JSON.stringify(created.body)}`);
  const ownerLogin: string = created.body.owner.login;
  const defaultBranch: string = created.body.default_branch;
  const commits = [...(spec.files ? [{ files: spec.files, message: 'initial files' }] : []), ...(spec.commits ?? [])];
  const history = commits.length || spec.tags ? await pushHistory(server.url, owner, ownerLogin, name, defaultBranch, spec.objectFormat ?? 'sha1', commits, spec.tags ?? {}) : { ids: {}, heads: {} };
  await Promise.all(
    (spec.collaborators ?? []).map(async ([who, permission]) => {
      const res = await api.put(`/repos/${ownerLogin}/${name}/collaborators/${who.login}`, { permission }, auth);
      assert.equal(res.status, 204, `adding ${who.login} to ${name}: ${JSON.stringify(res.body)}`);
    }),
  );
  return {
    id: created.body.id,
    owner: ownerLogin,
    name,
    fullName: `${ownerLogin}/${name}`,
    private: created.body.private,
    defaultBranch,
    cloneUrl: created.body.clone_url,
    path: `/repos/${ownerLogin}/${name}`,
    ...history,
    body: created.body,
  };
}

/** `2024-01-02T03:04:05+01:00` → `1704161045 +0100`, git's raw date. */
function rawDate(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  assert.ok(Number.isFinite(seconds), `not a date: ${iso}`);
  const zone = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  return `${seconds} ${zone ? `${zone[1]}${zone[2]}${zone[3]}` : '+0000'}`;
}

/** A path as fast-import reads it: quoted C-style when it could be misread. */
const quotePath = (file: string) => (/^"|[\n\\"]/.test(file) ? JSON.stringify(file) : file);

async function pushHistory(
  baseUrl: string,
  pusher: RepoOwner,
  owner: string,
  repo: string,
  defaultBranch: string,
  objectFormat: ObjectFormat,
  commits: RepoCommit[],
  tags: NonNullable<RepoSpec['tags']>,
): Promise<Pick<TestRepo, 'ids' | 'heads'>> {
  const work = tempDir('graft-build-');
  try {
    const dir = path.join(work.dir, 'repo.git');
    const init = gitLocal(['init', '-q', '--bare', `--object-format=${objectFormat}`, dir]);
    assert.equal(init.status, 0, init.stderr);

    const chunks: Buffer[] = [];
    const write = (text: string | Buffer) => chunks.push(Buffer.isBuffer(text) ? text : Buffer.from(text));
    const data = (content: string | Buffer) => {
      const bytes = Buffer.from(content);
      write(`data ${bytes.length}\n`);
      write(bytes);
      write('\n');
    };
    const marks = new Map<string, number>(); // commit key or branch → mark
    const branchMarks = new Map<string, number>();
    const markOf = (ref: string) => {
      const mark = branchMarks.get(ref) ?? marks.get(ref);
      assert.ok(mark, `no commit or branch "${ref}" before it is used`);
      return mark;
    };
    let time = Date.parse('2024-01-01T00:00:00Z');
    commits.forEach((commit, i) => {
      const mark = i + 1;
      const branch = commit.branch ?? defaultBranch;
      const who = commit.author ?? { name: 'Test Person', email: 'test@example.test' };
      const date = commit.date ? rawDate(commit.date) : `${(time += 60_000) / 1000} +0000`;
      const message = commit.message ?? `commit ${mark}`;
      write(`commit refs/heads/${branch}\nmark :${mark}\n`);
      write(`author ${who.name} <${who.email}> ${date}\ncommitter ${who.name} <${who.email}> ${date}\n`);
      data(message.endsWith('\n') ? message : `${message}\n`);
      const start = commit.from === undefined ? (branchMarks.has(defaultBranch) ? defaultBranch : null) : commit.from;
      const parent = branchMarks.get(branch) ?? (start === null ? undefined : markOf(start));
      if (parent !== undefined) write(`from :${parent}\n`);
      for (const [file, content] of Object.entries(commit.files ?? {})) {
        if (content === null) write(`D ${quotePath(file)}\n`);
        else {
          write(`M 100644 inline ${quotePath(file)}\n`);
          data(content);
        }
      }
      write('\n');
      branchMarks.set(branch, mark);
      if (commit.key) marks.set(commit.key, mark);
    });
    for (const [tag, target] of Object.entries(tags)) {
      if (typeof target === 'string') write(`reset refs/tags/${tag}\nfrom :${markOf(target)}\n\n`);
      else {
        write(`tag ${tag}\nfrom :${markOf(target.at)}\ntagger Test Person <test@example.test> ${(time += 60_000) / 1000} +0000\n`);
        data(target.message);
      }
    }
    const marksFile = path.join(work.dir, 'marks');
    const imported = gitLocal(['fast-import', '--quiet', `--export-marks=${marksFile}`], { cwd: dir, input: Buffer.concat(chunks) });
    assert.equal(imported.status, 0, `git fast-import: ${imported.stderr}`);
    const ids = new Map(
      readFileSync(marksFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [mark, id] = line.split(' ');
          return [Number(mark.slice(1)), id] as const;
        }),
    );

    const pushed = await git(['push', '-q', remoteUrl(baseUrl, owner, repo, [pusher.login, pusher.password]), 'refs/heads/*:refs/heads/*', 'refs/tags/*:refs/tags/*'], { cwd: dir });
    assert.equal(pushed.status, 0, `git push: ${pushed.stderr}`);
    return {
      ids: Object.fromEntries([...marks].map(([key, mark]) => [key, ids.get(mark)!])),
      heads: Object.fromEntries([...branchMarks].map(([branch, mark]) => [branch, ids.get(mark)!])),
    };
  } finally {
    work.remove();
  }
}

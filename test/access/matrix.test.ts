import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql, type Auth } from '../testkit/client.ts';
import { git, remoteUrl, tempDir } from '../testkit/git.ts';
import { createOrg } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/**
 * One access model for REST, GraphQL and git over HTTP: every role × visibility × kind of operation, with
 * the answer each path must give. Levels per role are what the rules say; the test checks that all three
 * paths agree with them, and that what a caller may not see is 404, never 403.
 */
type Level = 'none' | 'read' | 'write' | 'admin' | 'owner';
const ORDER: Level[] = ['none', 'read', 'write', 'admin', 'owner'];
const atLeast = (l: Level, n: Level) => ORDER.indexOf(l) >= ORDER.indexOf(n);

interface Expected {
  code: Level;
  issues: Level;
  overall: Level;
}

type Role = 'anonymous' | 'outsider' | 'restricted' | 'siteAdmin' | 'orgOwner' | 'teamRead' | 'teamWrite' | 'teamTriage' | 'collabRead' | 'collabWrite' | 'collabAdmin' | 'memberNoRepo';
const ROLES: Role[] = ['anonymous', 'outsider', 'restricted', 'siteAdmin', 'orgOwner', 'teamRead', 'teamWrite', 'teamTriage', 'collabRead', 'collabWrite', 'collabAdmin', 'memberNoRepo'];

function expected(role: Role, orgVisibility: 'public' | 'private', repoPrivate: boolean): Expected {
  const all = (l: Level): Expected => ({ code: l, issues: l, overall: l });
  if (role === 'siteAdmin' || role === 'orgOwner') return all('owner');
  // Restricted accounts reach only what is granted to them: nothing here.
  if (role === 'restricted') return all('none');
  const member = ['teamRead', 'teamWrite', 'teamTriage', 'memberNoRepo'].includes(role);
  // Public repositories of an organization the caller may see are readable on every unit.
  const base: Level = !repoPrivate && (orgVisibility === 'public' ? role !== 'anonymous' || true : member) ? 'read' : 'none';
  const baseFor = role === 'anonymous' && orgVisibility === 'private' ? 'none' : base;
  const raise = (l: Level): Expected => all(atLeast(baseFor, l) ? baseFor : l);
  switch (role) {
    case 'teamRead':
    case 'collabRead':
      return raise('read');
    case 'teamWrite':
    case 'collabWrite':
      return raise('write');
    case 'collabAdmin':
      return raise('admin');
    case 'teamTriage': {
      const code: Level = baseFor;
      return { code, issues: 'write', overall: 'write' };
    }
    default:
      return all(baseFor);
  }
}

describe('the access model, through REST, GraphQL and git over HTTP', () => {
  const server = useServer();
  const { api } = server;
  const people = {} as Record<Exclude<Role, 'anonymous' | 'siteAdmin'>, TestAccount>;
  const auth = (role: Role): Auth => (role === 'anonymous' ? undefined : role === 'siteAdmin' ? adminAuth : people[role].basic);
  const orgs = { public: `mpub${process.pid}`, private: `mpriv${process.pid}` };

  before(async () => {
    for (const role of ROLES) if (role !== 'anonymous' && role !== 'siteAdmin') people[role] = await createAccount(api);
    const restrict = await api.patch(`/admin/users/${people.restricted.login}`, { source_id: 0, login_name: people.restricted.login, restricted: true }, adminAuth);
    assert.equal(restrict.status, 200, JSON.stringify(restrict.body));
    const owner = people.orgOwner.basic;
    for (const visibility of ['public', 'private'] as const) {
      const org = orgs[visibility];
      await createOrg(server, [people.orgOwner], { login: org, visibility });
      const team = async (name: string, body: Record<string, unknown>, member: TestAccount, repos: boolean) => {
        const created = await api.post(`/orgs/${org}/teams`, { name, ...body }, owner);
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.equal((await api.put(`/teams/${created.body.id}/members/${member.login}`, undefined, owner)).status, 204);
        if (repos) for (const repo of ['pub', 'priv']) assert.equal((await api.put(`/teams/${created.body.id}/repos/${org}/${repo}`, undefined, owner)).status, 204);
      };
      for (const repo of ['pub', 'priv']) {
        await buildRepo(server, people.orgOwner, {
          org,
          name: repo,
          private: repo === 'priv',
          autoInit: true,
          collaborators: [[people.collabRead, 'read'], [people.collabWrite, 'write'], [people.collabAdmin, 'admin']],
        });
      }
      await team('readers', { permission: 'read' }, people.teamRead, true);
      await team('writers', { permission: 'write' }, people.teamWrite, true);
      await team('triage', { units_map: { 'repo.issues': 'write', 'repo.code': 'none' } }, people.teamTriage, true);
      await team('bystanders', { permission: 'read' }, people.memberNoRepo, false);
    }
  });

  const cases = ROLES.flatMap((role) =>
    (['public', 'private'] as const).flatMap((orgVisibility) => [false, true].map((repoPrivate) => ({ role, orgVisibility, repoPrivate }))),
  );

  it('gives every role the same answer for each kind of operation on every path', async () => {
    const failures: string[] = [];
    for (const { role, orgVisibility, repoPrivate } of cases) {
      const org = orgs[orgVisibility];
      const repo = repoPrivate ? 'priv' : 'pub';
      const want = expected(role, orgVisibility, repoPrivate);
      const visible = want.overall !== 'none';
      const label = `${role} on ${orgVisibility} org, ${repoPrivate ? 'private' : 'public'} repo`;
      const check = (what: string, got: unknown, wanted: unknown) => {
        if (got !== wanted) failures.push(`${label}: ${what}: got ${got}, want ${wanted}`);
      };
      const denied = (needed: boolean, anonymousStatus = 404) => (needed ? 200 : role === 'anonymous' ? anonymousStatus : visible ? 403 : 404);

      // Read code: REST contents, GraphQL commits, git upload-pack advertisement.
      const contents = await api.get(`/repos/${org}/${repo}/contents/README.md`, auth(role));
      check('REST read code', contents.status, denied(atLeast(want.code, 'read')));
      const gitRead = await fetch(`${remoteUrl(server.url, org, repo)}/info/refs?service=git-upload-pack`, { headers: basicHeader(auth(role)) });
      check('git read code', gitRead.status, denied(atLeast(want.code, 'read'), 401));
      const gql = await graphql(
        server.url,
        'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { viewerPermissions { admin push pull } viewerAccess { level units { unit level } } } }',
        { o: org, n: repo },
        auth(role),
      );
      const r = gql.data?.repository;
      check('GraphQL visible', !!r, visible);
      if (r) {
        const unit = (name: string) => r.viewerAccess.units.find((u: { unit: string }) => u.unit === name).level;
        check('GraphQL level', r.viewerAccess.level, want.overall);
        check('GraphQL read code', r.viewerPermissions.pull, atLeast(want.code, 'read'));
        check('GraphQL push', r.viewerPermissions.push, atLeast(want.code, 'write'));
        check('GraphQL admin', r.viewerPermissions.admin, atLeast(want.overall, 'admin'));
        check('GraphQL read issues', atLeast(unit('repo.issues'), 'read'), atLeast(want.issues, 'read'));
        check('GraphQL write issues', atLeast(unit('repo.issues'), 'write'), atLeast(want.issues, 'write'));
      }

      // Push: the receive-pack advertisement is what git asks for before it sends anything.
      const gitPush = await fetch(`${remoteUrl(server.url, org, repo)}/info/refs?service=git-receive-pack`, { headers: basicHeader(auth(role)) });
      check('git push', gitPush.status, denied(atLeast(want.code, 'write'), 401));

      // Admin settings.
      const edit = await api.patch(`/repos/${org}/${repo}`, { description: `edited by ${role}` }, auth(role));
      check('REST admin settings', edit.status, role === 'anonymous' ? 401 : denied(atLeast(want.overall, 'admin')));
    }
    assert.deepEqual(failures, []);
  });

  it('lets a team reader clone and refuses its push, and lets a team writer push, with the real git client', async () => {
    const work = tempDir();
    try {
      const reader = people.teamRead;
      const writer = people.teamWrite;
      const org = orgs.private;
      const cloned = await git(['clone', '-q', remoteUrl(server.url, org, 'priv', [reader.login, reader.password]), `${work.dir}/r`]);
      assert.equal(cloned.status, 0, cloned.stderr);
      await git(['-C', `${work.dir}/r`, 'commit', '-q', '--allow-empty', '-m', 'from a reader']);
      const refused = await git(['-C', `${work.dir}/r`, 'push', '-q', remoteUrl(server.url, org, 'priv', [reader.login, reader.password]), 'HEAD:main']);
      assert.notEqual(refused.status, 0);
      const pushed = await git(['-C', `${work.dir}/r`, 'push', '-q', remoteUrl(server.url, org, 'priv', [writer.login, writer.password]), 'HEAD:main']);
      assert.equal(pushed.status, 0, pushed.stderr);
      const triage = people.teamTriage;
      const triageClone = await git(['clone', '-q', remoteUrl(server.url, org, 'priv', [triage.login, triage.password]), `${work.dir}/t`]);
      assert.notEqual(triageClone.status, 0, 'a team without the code unit cannot clone');
    } finally {
      work.remove();
    }
  });

  it('lists for each role exactly the repositories it may read, in search and in organization lists', async () => {
    for (const role of ROLES) {
      const res = await api.get(`/repos/search?limit=50&q=p`, auth(role));
      assert.equal(res.status, 200);
      const names = new Set(res.body.data.map((r: { full_name: string }) => r.full_name));
      for (const { orgVisibility, repoPrivate } of cases.filter((c) => c.role === role)) {
        const full = `${orgs[orgVisibility]}/${repoPrivate ? 'priv' : 'pub'}`;
        const readable = expected(role, orgVisibility, repoPrivate).overall !== 'none';
        assert.equal(names.has(full), readable, `${role}: ${full} listed ${names.has(full)}, readable ${readable}`);
      }
    }
  });
});

function basicHeader(auth: Auth): Record<string, string> {
  if (!auth || !('basic' in auth)) return {};
  return { authorization: `Basic ${Buffer.from(auth.basic.join(':')).toString('base64')}` };
}

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { UserHeatmapData } from 'gitea-js';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ACTIVITY, HEATMAP_DATA } from '../testkit/gitea-js-fields/activity.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: the activity feeds of users, organizations, teams and repositories, and the heatmap. */
describe('gitea-js: activity feeds and heatmap', () => {
  const server = useServer();
  let admin: GiteaClient;
  let owner: ClientAccount;
  let repo: TestRepo;
  let org: string;
  let teamId: number;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    owner = await createClientAccount(server, admin);
    repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    const issue = await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title: 'Feed me' });
    await owner.api.repos.issueCreateComment(owner.login, repo.name, issue.data.number!, { body: 'Fed' });
    org = `gjorg${Date.now()}`;
    await owner.api.orgs.orgCreate({ username: org });
    const team = await owner.api.orgs.orgCreateTeam(org, { name: 'feeders', permission: 'write', includes_all_repositories: true, units: ['repo.code'] });
    teamId = team.data.id!;
    await buildRepo(server, owner, { org, files: { 'o.txt': 'o\n' } });
    await server.app.backgroundIdle();
  });

  it('repoListActivityFeeds and userListActivityFeeds list the entries with every field Gitea sends', async () => {
    const repoFeed = (await owner.api.repos.repoListActivityFeeds(owner.login, repo.name)).data;
    assert.deepEqual(repoFeed.map((a) => a.op_type), ['comment_issue', 'create_issue', 'commit_repo', 'create_repo']);
    for (const entry of repoFeed) assertTypedFields(entry, ACTIVITY, 'Activity');
    assert.equal(repoFeed[0].comment?.body, 'Fed');
    const userFeed = (await giteaClient(server).users.userListActivityFeeds(owner.login, { 'only-performed-by': true, limit: 2 })).data;
    assert.equal(userFeed.length, 2);
    assert.ok(userFeed.every((a) => a.act_user?.login === owner.login));
  });

  it('orgListActivityFeeds and orgListTeamActivityFeeds list what happened in the organization and the team reaches', async () => {
    const orgFeed = (await owner.api.orgs.orgListActivityFeeds(org)).data;
    assert.deepEqual(orgFeed.map((a) => a.op_type), ['commit_repo', 'create_repo']);
    const teamFeed = (await owner.api.teams.orgListTeamActivityFeeds(teamId)).data;
    assert.deepEqual(teamFeed.map((a) => a.id), orgFeed.map((a) => a.id));
    assert.equal((await failure(giteaClient(server).teams.orgListTeamActivityFeeds(teamId))).status, 401);
  });

  it("userGetHeatmapData answers Gitea's list of quarter hours", async () => {
    // gitea-js types the answer as one UserHeatmapData; Gitea (and Graft) send a list of them.
    const heatmap = (await giteaClient(server).users.userGetHeatmapData(owner.login)).data as unknown as UserHeatmapData[];
    assert.ok(Array.isArray(heatmap) && heatmap.length > 0);
    for (const entry of heatmap) assertTypedFields(entry, HEATMAP_DATA, 'UserHeatmapData');
    assert.equal(heatmap.reduce((n, e) => n + e.contributions!, 0), 6); // four in the repository, two in the organization's
  });
});

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { startReceiver, type Received } from './receiver.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** What a case checks of the request its service got for a push (one commit "Add b" to main) and an opened issue ("#1 It breaks"). */
interface Case {
  type: string;
  config: (repo: TestRepo) => Record<string, string>;
  /** The config members the Hook reply carries beyond url, content_type and http_method. */
  answered: (config: Record<string, string>) => Record<string, string>;
  /** Whether a request the receiver got is this case's (the path carries the repository's name). */
  mine: (r: Received, repo: TestRepo) => boolean;
  push: (r: Received, body: Record<string, any>, repo: TestRepo) => void;
  issue?: (r: Received, body: Record<string, any>, repo: TestRepo) => void;
}

const jsonPost = (r: Received) => {
  assert.equal(r.method, 'POST');
  assert.equal(r.headers['content-type'], 'application/json');
};

const CASES: Case[] = [
  {
    type: 'slack',
    config: () => ({ channel: '#dev', username: 'graft-bot', icon_url: 'https://icons.example.com/g.png', color: '#00ff00' }),
    answered: (c) => ({ channel: c.channel, username: c.username, icon_url: c.icon_url, color: c.color }),
    mine: (r, repo) => r.path === `/slack-${repo.name}`,
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(body.channel, '#dev');
      assert.equal(body.username, 'graft-bot');
      assert.equal(body.icon_url, 'https://icons.example.com/g.png');
      assert.match(body.text, new RegExp(`pushed <[^|]+\\|1 commit> to <${repo.body.html_url}\\|${repo.fullName}>:<[^|]+/src/branch/main\\|main>`));
      assert.equal(body.attachments[0].color, '#00ff00');
      assert.match(body.attachments[0].text, /: Add b - /);
    },
    issue: (r, body, repo) => {
      assert.match(body.text, new RegExp(`opened issue <${repo.body.html_url}/issues/1\\|#1 It breaks &lt;now&gt;> in`));
      assert.equal(body.attachments[0].title, '#1 It breaks &lt;now&gt;');
      assert.equal(body.attachments[0].text, 'Steps to see it');
    },
  },
  {
    type: 'discord',
    config: () => ({ username: 'graft-bot', icon_url: 'https://icons.example.com/g.png' }),
    answered: (c) => ({ username: c.username, icon_url: c.icon_url }),
    mine: (r, repo) => r.path === `/discord-${repo.name}`,
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(body.username, 'graft-bot');
      assert.equal(body.avatar_url, 'https://icons.example.com/g.png');
      assert.equal(body.embeds[0].title, `${repo.owner} pushed 1 commit to ${repo.fullName}:main`);
      assert.match(body.embeds[0].description, /^\[[0-9a-f]{7}\]\(http[^)]+\): Add b - /);
      assert.equal(typeof body.embeds[0].color, 'number');
      assert.equal(body.embeds[0].author.name, repo.owner);
    },
    issue: (_r, body, repo) => {
      assert.equal(body.embeds[0].title, `${repo.owner} opened issue #1 It breaks <now> in ${repo.fullName}`);
      assert.equal(body.embeds[0].description, 'Steps to see it');
      assert.equal(body.embeds[0].url, `${repo.body.html_url}/issues/1`);
    },
  },
  {
    type: 'dingtalk',
    config: () => ({}),
    answered: () => ({}),
    mine: (r, repo) => r.path === `/dingtalk-${repo.name}`,
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(body.msgtype, 'actionCard');
      assert.equal(body.actionCard.title, `${repo.owner} pushed 1 commit to ${repo.fullName}:main`);
      assert.match(body.actionCard.text, /pushed \[1 commit\]\(http[^)]+\/compare\/[0-9a-f]+\.\.\.[0-9a-f]+\)/);
      assert.match(body.actionCard.singleURL, /\/compare\//);
    },
    issue: (_r, body, repo) => {
      assert.match(body.actionCard.text, /opened issue \[#1 It breaks <now>\]\(/);
      assert.equal(body.actionCard.singleURL, `${repo.body.html_url}/issues/1`);
    },
  },
  {
    type: 'telegram',
    config: (repo) => ({ bot_token: 'T0K:en', chat_id: `-100${repo.id}`, thread_id: '7' }),
    answered: (c) => ({ chat_id: c.chat_id, thread_id: '7' }),
    mine: (r, repo) => r.path.includes(`chat_id=-100${repo.id}&`),
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(r.path, `/botT0K%3Aen/sendMessage?chat_id=-100${repo.id}&message_thread_id=7`);
      assert.equal(body.parse_mode, 'HTML');
      assert.match(body.text, new RegExp(`pushed <a href="[^"]+">1 commit</a> to <a href="${repo.body.html_url}">${repo.fullName}</a>`));
    },
    issue: (_r, body) => {
      assert.match(body.text, /opened issue <a href="[^"]+\/issues\/1">#1 It breaks &lt;now&gt;<\/a>/);
      assert.match(body.text, /\n\nSteps to see it$/);
    },
  },
  {
    type: 'msteams',
    config: () => ({}),
    answered: () => ({}),
    mine: (r, repo) => r.path === `/msteams-${repo.name}`,
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(body['@type'], 'MessageCard');
      assert.equal(body.title, `${repo.owner} pushed 1 commit to ${repo.fullName}:main`);
      assert.deepEqual(body.sections[0].facts[0], { name: 'Repository:', value: repo.fullName });
      assert.match(body.potentialAction[0].targets[0].uri, /\/compare\//);
    },
    issue: (_r, body, repo) => {
      assert.equal(body.title, `${repo.owner} opened issue #1 It breaks <now> in ${repo.fullName}`);
      assert.equal(body.sections[0].text, 'Steps to see it');
      assert.equal(body.potentialAction[0].targets[0].uri, `${repo.body.html_url}/issues/1`);
    },
  },
  {
    type: 'feishu',
    config: () => ({}),
    answered: () => ({}),
    mine: (r, repo) => r.path === `/feishu-${repo.name}`,
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(body.msg_type, 'text');
      assert.ok(body.content.text.startsWith(`${repo.owner} pushed 1 commit to ${repo.fullName}:main`), body.content.text);
      assert.match(body.content.text, /: Add b - /);
    },
    issue: (_r, body, repo) => {
      assert.equal(body.content.text, `${repo.owner} opened issue #1 It breaks <now> in ${repo.fullName}\n\n${repo.body.html_url}/issues/1\n\nSteps to see it`);
    },
  },
  {
    type: 'matrix',
    config: (repo) => ({ room_id: `!${repo.name}:example.org`, message_type: '2' }),
    answered: (c) => ({ homeserver_url: '', room_id: c.room_id, message_type: 'm.text' }),
    mine: (r, repo) => r.path.includes(encodeURIComponent(`!${repo.name}:`)),
    push: (r, body, repo) => {
      assert.equal(r.method, 'PUT');
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers.authorization, 'Bearer matrix-token');
      const txn = createHash('sha1').update(r.body).digest('hex');
      assert.equal(r.path, `/_matrix/client/v3/rooms/${encodeURIComponent(`!${repo.name}:example.org`)}/send/m.room.message/${txn}`);
      assert.equal(body.msgtype, 'm.text');
      assert.equal(body.format, 'org.matrix.custom.html');
      assert.match(body.formatted_body, new RegExp(`pushed <a href="[^"]+">1 commit</a> to <a href="${repo.body.html_url}">`));
      assert.match(body.body, new RegExp(`pushed \\[1 commit\\]\\([^)]+\\) to \\[${repo.fullName}\\]`));
      assert.equal(body['io.gitea.commits'].length, 1);
    },
    issue: (r, body) => {
      assert.equal(r.method, 'PUT');
      assert.match(body.formatted_body, /opened issue <a href="[^"]+">#1 It breaks &lt;now&gt;<\/a>/);
    },
  },
  {
    type: 'wechatwork',
    config: () => ({}),
    answered: () => ({}),
    mine: (r, repo) => r.path === `/wechatwork-${repo.name}`,
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(body.msgtype, 'markdown');
      assert.match(body.markdown.content, new RegExp(`pushed \\[1 commit\\]\\([^)]+\\) to \\[${repo.fullName}\\]\\(${repo.body.html_url}\\)`));
      assert.match(body.markdown.content, /\n>\[[0-9a-f]{7}\]\([^)]+\): Add b - /);
    },
    issue: (_r, body) => {
      assert.match(body.markdown.content, /opened issue \[#1 It breaks <now>\]\([^)]+\/issues\/1\) in .*\n>Steps to see it$/);
    },
  },
  {
    type: 'packagist',
    config: (repo) => ({ username: 'graft', api_token: 'pk-token', package_url: `https://packagist.example.com/packages/${repo.name}` }),
    answered: (c) => ({ username: 'graft', package_url: c.package_url }),
    mine: (r, repo) => r.path.startsWith(`/packagist-${repo.name}?`),
    push: (r, body, repo) => {
      jsonPost(r);
      assert.equal(r.path, `/packagist-${repo.name}?username=graft&apiToken=pk-token`);
      assert.deepEqual(body, { repository: { url: `https://packagist.example.com/packages/${repo.name}` } });
    },
  },
];

describe('chat and service webhook types', () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2, DELIVER_TIMEOUT: 3 } });
  const { api } = server;
  let owner: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  before(async () => {
    [owner] = await createAccounts(api, 1);
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  for (const c of CASES) {
    it(`${c.type}: a push and an opened issue become the request ${c.type}'s API takes, and the Hook answers the type's config without tokens`, async () => {
      const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
      const config: Record<string, string> = { url: receiver.url(`/${c.type}-${repo.name}`), content_type: 'json', ...c.config(repo) };
      const made = await api.post(`${repo.path}/hooks`, { type: c.type, config, events: ['push', 'issues'], active: true, authorization_header: c.type === 'matrix' ? 'Bearer matrix-token' : '' }, owner.basic);
      assert.equal(made.status, 201, JSON.stringify(made.body));
      assert.equal(made.body.type, c.type);
      assert.deepEqual(made.body.config, { url: config.url, content_type: 'json', http_method: 'POST', ...c.answered(config) });
      assert.ok(!JSON.stringify(made.body).includes('T0K') && !JSON.stringify(made.body).includes('pk-token'));

      const written = await api.post(`${repo.path}/contents/b.txt`, { content: b64('b\n'), message: 'Add b' }, owner.basic);
      assert.equal(written.status, 201);
      const [pushed] = await receiver.waitFor(1, (r) => c.mine(r, repo));
      c.push(pushed, JSON.parse(pushed.body), repo);

      const issue = await api.post(`${repo.path}/issues`, { title: 'It breaks <now>', body: 'Steps to see it' }, owner.basic);
      assert.equal(issue.status, 201);
      if (c.issue) {
        const got = await receiver.waitFor(2, (r) => c.mine(r, repo));
        c.issue(got[1], JSON.parse(got[1].body), repo);
      } else {
        // A service with nothing to say about an issue gets no request; the delivery says why it was not sent.
        await server.app.backgroundIdle();
        await new Promise((r) => setTimeout(r, 300));
        assert.equal(receiver.received.filter((r) => c.mine(r, repo)).length, 1);
        const rows = await server.app.database.db.hookTask.findMany({ where: { hook: { repoId: repo.id }, event: 'issues' } });
        assert.deepEqual(rows.map((r) => [r.delivered, r.succeeded, r.responseStatus]), [[true, false, null]]);
        assert.match(rows[0].responseBody, /^not sent/);
      }
    });
  }

  it('answers 422 for a missing required member of a type (slack channel, matrix room_id, packagist package_url), 400 for a channel name Slack refuses, 422 for an unknown type', async () => {
    const repo = await buildRepo(server, owner);
    const url = receiver.url('/never');
    const post = (type: string, extra: Record<string, string>) => api.post(`${repo.path}/hooks`, { type, config: { url, content_type: 'json', ...extra } }, owner.basic);
    for (const [type, member] of [['slack', 'channel'], ['matrix', 'room_id'], ['packagist', 'package_url']]) {
      const res = await post(type, {});
      assert.equal(res.status, 422, type);
      assert.equal(res.body.message, `missing config option: ${member}`);
    }
    const badChannel = await post('slack', { channel: 'Not A Channel!' });
    assert.equal(badChannel.status, 400);
    assert.match(badChannel.body.message, /invalid slack channel name/);
    const unknown = await post('jenkins', {});
    assert.equal(unknown.status, 422);
    assert.match(unknown.body.message, /invalid hook type/);
    assert.equal((await post('matrix', { room_id: '!r:x', message_type: 'm.shout' })).status, 422);
  });

  it("changes only the type's members an edit sends: the others stay, and a required one cannot be made invalid", async () => {
    const repo = await buildRepo(server, owner);
    const made = await api.post(`${repo.path}/hooks`, { type: 'slack', config: { url: receiver.url('/x'), content_type: 'json', channel: 'dev', username: 'a' } }, owner.basic);
    assert.equal(made.status, 201);
    const edited = await api.patch(`${repo.path}/hooks/${made.body.id}`, { config: { username: 'b' } }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.config.channel, 'dev');
    assert.equal(edited.body.config.username, 'b');
    assert.equal((await api.patch(`${repo.path}/hooks/${made.body.id}`, { config: { channel: 'Bad Name' } }, owner.basic)).status, 400);
    assert.equal((await api.get(`${repo.path}/hooks/${made.body.id}`, owner.basic)).body.config.channel, 'dev');
  });
});

describe('sending a delivery again', () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2, DELIVER_TIMEOUT: 3 } });
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  const REDELIVER = `mutation($id: Int!) { redeliverWebhookDelivery(id: $id) { databaseId uuid event delivered } }`;

  it('sends the same payload again as a new delivery with a new uuid, for the repository\'s admins only', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' }, collaborators: [[writer, 'write']] });
    const made = await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/again-${repo.name}`), content_type: 'json' }, active: true }, owner.basic);
    assert.equal(made.status, 201);
    await api.post(`${repo.path}/contents/b.txt`, { content: b64('b\n'), message: 'Add b' }, owner.basic);
    const [first] = await receiver.waitFor(1, (r) => r.path === `/again-${repo.name}`);
    const row = await server.app.database.db.hookTask.findFirstOrThrow({ where: { hookId: made.body.id } });

    const refused = await server.graphql(REDELIVER, { id: row.id }, writer.basic);
    assert.equal(refused.errors?.[0].extensions?.code, 'FORBIDDEN');
    const missing = await server.graphql(REDELIVER, { id: row.id + 100000 }, owner.basic);
    assert.equal(missing.errors?.[0].extensions?.code, 'NOT_FOUND');

    const res = await server.graphql(REDELIVER, { id: row.id }, owner.basic);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const again = res.data?.redeliverWebhookDelivery;
    assert.notEqual(again.databaseId, row.id);
    assert.notEqual(again.uuid, row.uuid);
    assert.equal(again.event, 'push');
    const got = await receiver.waitFor(2, (r) => r.path === `/again-${repo.name}`);
    assert.equal(got[1].body, first.body);
    assert.equal(got[1].headers['x-gitea-delivery'], again.uuid);
    const db = server.app.database.db;
    for (let i = 0; i < 50 && (await db.hookTask.count({ where: { hookId: made.body.id, delivered: false } })) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const rows = await db.hookTask.findMany({ where: { hookId: made.body.id }, orderBy: { id: 'asc' } });
    assert.deepEqual(rows.map((r) => [r.uuid, r.payload === row.payload, r.succeeded]), [[row.uuid, true, true], [again.uuid, true, true]]);
  });
});

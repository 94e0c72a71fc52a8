import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ConfigOverrides } from '../../src/config/load.ts';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useSmtpServer, type SmtpOptions } from '../testkit/smtp.ts';
import { useServer, type ServerKit } from '../testkit/use-server.ts';

const FROM = 'graft@example.test';

/** A Graft server whose mailer sends to a real SMTP server of the test's own (its port is known once it listens). */
function useMailedServer(smtpOptions: SmtpOptions = {}, mailer: ConfigOverrides['mailer'] = {}, service: ConfigOverrides['service'] = { ENABLE_NOTIFY_MAIL: true }, more: ConfigOverrides = {}) {
  const smtp = useSmtpServer(smtpOptions);
  const overrides = { ...more, mailer: { ENABLED: true, PROTOCOL: 'smtp', SMTP_ADDR: '127.0.0.1', FROM: `Graft <${FROM}>`, RETRY_BACKOFF: 0.05, ...mailer }, service };
  // Runs after the SMTP server's start and before Graft's: the server reads its overrides when it starts.
  before(() => {
    (overrides.mailer as { SMTP_PORT?: number }).SMTP_PORT = smtp.port;
  });
  const kit = useServer(overrides);
  return { smtp, kit };
}

async function openIssue(kit: ServerKit, repo: TestRepo, by: TestAccount, title: string, body = ''): Promise<number> {
  const res = await kit.api.post(`${repo.path}/issues`, { title, body }, by.basic);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await kit.app.backgroundIdle();
  return res.body.number as number;
}

async function comment(kit: ServerKit, repo: TestRepo, number: number, by: TestAccount, body: string): Promise<number> {
  const res = await kit.api.post(`${repo.path}/issues/${number}/comments`, { body }, by.basic);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await kit.app.backgroundIdle();
  return res.body.id as number;
}

const subjectsTo = (smtp: ReturnType<typeof useSmtpServer>, who: TestAccount) => smtp.to(who.email).map((m) => m.parsed.subject);

describe('e-mail of issue events', () => {
  const { smtp, kit } = useMailedServer();
  let owner: TestAccount;
  let poster: TestAccount;
  let commenter: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, poster, commenter] = await createAccounts(kit.api, 3);
    repo = await buildRepo(kit, owner, { autoInit: true, collaborators: [[poster, 'write'], [commenter, 'write']] });
  });

  it('mails a comment to the watchers and participants, one message each, but not to its author', async () => {
    const number = await openIssue(kit, repo, poster, 'mailed comment');
    const subject = `Re: [${repo.owner}/${repo.name}] mailed comment (#${number})`;
    await comment(kit, repo, number, commenter, 'a reply for everyone');
    assert.deepEqual(subjectsTo(smtp, owner).filter((s) => s === subject), [subject], 'the owner watches the repository');
    assert.deepEqual(subjectsTo(smtp, poster).filter((s) => s === subject), [subject], 'the poster participates');
    assert.deepEqual(subjectsTo(smtp, commenter).filter((s) => s === subject), [], 'the author is never mailed');
    for (const mail of smtp.received.filter((m) => m.parsed.subject === subject)) {
      assert.deepEqual(mail.envelopeTo.length, 1, 'one recipient per message');
      const to = Array.isArray(mail.parsed.to) ? mail.parsed.to : [mail.parsed.to];
      assert.equal(to.flatMap((t) => t?.value ?? []).length, 1, 'the To header names only its recipient');
    }
  });

  it('gives a new issue the subject "[owner/repo] title (#n)" and the thread\'s Message-ID, and its comments "Re:" and the thread in In-Reply-To and References', async () => {
    const number = await openIssue(kit, repo, poster, 'threaded', 'the *first* <words>');
    const thread = `<${repo.owner}/${repo.name}/issues/${number}@127.0.0.1>`;
    const opened = smtp.to(owner.email).find((m) => m.parsed.subject === `[${repo.owner}/${repo.name}] threaded (#${number})`);
    assert.ok(opened, 'the watcher got the new issue');
    assert.equal(opened.parsed.messageId, thread);
    assert.equal(opened.parsed.from?.value[0].address, FROM);
    assert.equal(opened.parsed.from?.value[0].name, poster.login, "the actor's name with the mailer's address");
    assert.equal(opened.envelopeFrom, FROM, 'the envelope sender is the address of FROM');
    assert.match(opened.parsed.text ?? '', /the \*first\* <words>/);
    assert.match(String(opened.parsed.html), /<p>the <em>first<\/em> /, 'the HTML part is the text rendered as Markdown');
    assert.doesNotMatch(String(opened.parsed.html), /<words/, 'raw HTML it does not allow is taken out');
    assert.equal(opened.parsed.headers.get('x-gitea-sender'), poster.login);
    assert.equal(opened.parsed.headers.get('x-gitea-issue-id'), String(number));

    const commentId = await comment(kit, repo, number, commenter, 'second');
    const reply = smtp.to(owner.email).find((m) => m.parsed.subject === `Re: [${repo.owner}/${repo.name}] threaded (#${number})`);
    assert.ok(reply, 'the watcher got the comment');
    assert.equal(reply.parsed.messageId, `<${repo.owner}/${repo.name}/issues/${number}/comment/${commentId}@127.0.0.1>`);
    assert.equal(reply.parsed.inReplyTo, thread);
    assert.deepEqual([reply.parsed.references].flat(), [thread]);
  });

  it('mails a close and a reopen as replies in the thread, each with a Message-ID of its own', async () => {
    const number = await openIssue(kit, repo, poster, 'closing');
    const before = smtp.to(poster.email).length;
    assert.equal((await kit.api.patch(`${repo.path}/issues/${number}`, { state: 'closed' }, owner.basic)).status, 201);
    await kit.app.backgroundIdle();
    assert.equal((await kit.api.patch(`${repo.path}/issues/${number}`, { state: 'open' }, owner.basic)).status, 201);
    await kit.app.backgroundIdle();
    const mails = smtp.to(poster.email).slice(before);
    assert.deepEqual(mails.map((m) => m.parsed.subject), [`Re: [${repo.owner}/${repo.name}] closing (#${number})`, `Re: [${repo.owner}/${repo.name}] closing (#${number})`]);
    assert.match(mails[0].parsed.messageId ?? '', new RegExp(`^<${repo.owner}/${repo.name}/issues/${number}/close/\\d+@127\\.0\\.0\\.1>$`));
    assert.match(mails[1].parsed.messageId ?? '', new RegExp(`^<${repo.owner}/${repo.name}/issues/${number}/reopen/\\d+@127\\.0\\.0\\.1>$`));
    assert.match(mails[0].parsed.text ?? '', new RegExp(`Closed #${number}\\.`));
  });

  it('honours the preference: disabled gets nothing, onmention only the mails that mention the account', async () => {
    const [quiet, mentionOnly, author, loud] = await createAccounts(kit.api, 4);
    const own = await buildRepo(kit, loud, { autoInit: true, collaborators: [[quiet, 'write'], [mentionOnly, 'write'], [author, 'write']] });
    const prefer = async (who: TestAccount, preference: string) => {
      const res = await kit.graphql('mutation($p: EmailNotificationsPreference!) { setEmailNotificationsPreference(preference: $p) { emailNotificationsPreference } }', { p: preference }, who.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      assert.equal(res.data.setEmailNotificationsPreference.emailNotificationsPreference, preference);
    };
    await prefer(quiet, 'disabled');
    await prefer(mentionOnly, 'onmention');
    const number = await openIssue(kit, own, author, 'preferences');
    await comment(kit, own, number, quiet, 'quiet takes part');
    await comment(kit, own, number, mentionOnly, 'so does this one');
    await comment(kit, own, number, author, 'nobody named');
    await comment(kit, own, number, author, `now @${mentionOnly.login} is named`);
    assert.ok(smtp.to(loud.email).length >= 4, 'the watcher with mail enabled got them');
    assert.deepEqual(smtp.to(quiet.email), [], 'disabled: no mail at all');
    const mentioned = smtp.to(mentionOnly.email);
    assert.equal(mentioned.length, 1, 'onmention: only the mail that mentions the account');
    assert.match(mentioned[0].parsed.text ?? '', /is named/);
    assert.equal(mentioned[0].parsed.headers.get('x-gitea-reason'), 'mention');
  });

  it('mails only active accounts', async () => {
    const [inactive, author] = await createAccounts(kit.api, 2);
    const own = await buildRepo(kit, author, { autoInit: true, collaborators: [[inactive, 'write']] });
    const number = await openIssue(kit, own, inactive, 'who is active');
    const res = await kit.api.patch(`/admin/users/${inactive.login}`, { active: false }, adminAuth);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await comment(kit, own, number, author, 'anyone there?');
    assert.deepEqual(smtp.to(inactive.email).filter((m) => m.parsed.subject?.startsWith('Re:')), []);
  });
  it('mails a new pull request, its review and its merge in the thread of the pull request', async () => {
    const [author] = await createAccounts(kit.api, 1);
    const own = await buildRepo(kit, owner, { files: { 'a.txt': 'a\n' }, commits: [{ branch: 'topic', files: { 'b.txt': 'b\n' } }], collaborators: [[author, 'write']] });
    const opened = await kit.api.post(`${own.path}/pulls`, { title: 'a change', head: 'topic', base: 'main', body: 'please merge' }, author.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    const number = opened.body.number as number;
    await kit.app.backgroundIdle();
    const review = await kit.api.post(`${own.path}/pulls/${number}/reviews`, { event: 'APPROVED', body: 'looks right' }, owner.basic);
    assert.equal(review.status, 200, JSON.stringify(review.body));
    await kit.app.backgroundIdle();
    const merged = await kit.api.post(`${own.path}/pulls/${number}/merge`, { Do: 'merge' }, owner.basic);
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    await kit.app.backgroundIdle();
    const thread = `<${own.owner}/${own.name}/pulls/${number}@127.0.0.1>`;
    const toOwner = smtp.to(owner.email).filter((m) => m.parsed.inReplyTo === thread);
    assert.deepEqual(toOwner.map((m) => m.parsed.subject), [`[${own.owner}/${own.name}] a change (#${number})`], 'the watcher got the opening, not its own review and merge');
    const toAuthor = smtp.to(author.email).filter((m) => m.parsed.inReplyTo === thread);
    assert.deepEqual(toAuthor.map((m) => m.parsed.subject), [`Re: [${own.owner}/${own.name}] a change (#${number})`, `Re: [${own.owner}/${own.name}] a change (#${number})`]);
    assert.match(toAuthor[0].parsed.text ?? '', /looks right/);
    assert.match(toAuthor[1].parsed.messageId ?? '', new RegExp(`/pulls/${number}/merge/\\d+@`));
    assert.equal(toAuthor[0].parsed.headers.get('x-gitea-reason'), 'pull');
  });

  it('mails an assignment and a request to review to the account concerned alone (onmention is enough, disabled gets none), never to the one who acted', async () => {
    const [assignee, reviewer, quiet, bystander] = await createAccounts(kit.api, 4);
    const own = await buildRepo(kit, owner, {
      files: { 'a.txt': 'a\n' },
      commits: [{ branch: 'review-me', files: { 'c.txt': 'c\n' } }],
      collaborators: [[assignee, 'write'], [reviewer, 'write'], [quiet, 'write'], [bystander, 'write']],
    });
    for (const [who, preference] of [[reviewer, 'onmention'], [quiet, 'disabled']] as const) {
      const res = await kit.graphql('mutation($p: EmailNotificationsPreference!) { setEmailNotificationsPreference(preference: $p) { emailNotificationsPreference } }', { p: preference }, who.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    }
    const number = await openIssue(kit, own, owner, 'who takes it');
    const assigned = await kit.api.patch(`${own.path}/issues/${number}`, { assignees: [assignee.login, quiet.login, owner.login] }, owner.basic);
    assert.equal(assigned.status, 201, JSON.stringify(assigned.body));
    await kit.app.backgroundIdle();
    const subject = `Re: [${own.owner}/${own.name}] who takes it (#${number})`;
    const toAssignee = smtp.to(assignee.email).filter((m) => m.parsed.subject === subject);
    assert.equal(toAssignee.length, 1);
    assert.match(toAssignee[0].parsed.text ?? '', new RegExp(`Assigned #${number}\\.`));
    assert.equal(toAssignee[0].parsed.headers.get('x-gitea-reason'), 'assign');
    assert.match(toAssignee[0].parsed.messageId ?? '', new RegExp(`/issues/${number}/assign/\\d+@`));
    assert.deepEqual(smtp.to(quiet.email).filter((m) => m.parsed.subject === subject), [], 'disabled: no mail');
    assert.deepEqual(smtp.to(bystander.email).filter((m) => m.parsed.subject === subject), [], 'only the assignee is mailed');
    assert.deepEqual(smtp.to(owner.email).filter((m) => m.parsed.subject === subject), [], 'not the one who assigned, though assigned too');

    const opened = await kit.api.post(`${own.path}/pulls`, { title: 'review this', head: 'review-me', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    const asked = await kit.api.post(`${own.path}/pulls/${opened.body.number}/requested_reviewers`, { reviewers: [reviewer.login] }, owner.basic);
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    await kit.app.backgroundIdle();
    const review = smtp.to(reviewer.email).filter((m) => m.parsed.subject === `Re: [${own.owner}/${own.name}] review this (#${opened.body.number})`);
    assert.equal(review.length, 1, 'onmention: a request to review is mailed');
    assert.match(review[0].parsed.text ?? '', /Requested to review/);
    assert.equal(review[0].parsed.headers.get('x-gitea-reason'), 'review_request');
  });
});

describe('e-mail through an SMTP server that asks for a password', () => {
  const { smtp, kit } = useMailedServer({ credentials: { user: 'mailer', pass: 's3cret' } }, { USER: 'mailer', PASSWD: 's3cret', SUBJECT_PREFIX: '[graft]' });

  it('signs in with USER and PASSWD and puts SUBJECT_PREFIX before the subject', async () => {
    const [owner, poster] = await createAccounts(kit.api, 2);
    const repo = await buildRepo(kit, owner, { autoInit: true, collaborators: [[poster, 'write']] });
    const number = await openIssue(kit, repo, poster, 'authenticated');
    const [mail] = smtp.to(owner.email);
    assert.ok(mail, 'the mail arrived');
    assert.equal(mail.user, 'mailer');
    assert.equal(mail.parsed.subject, `[graft] [${repo.owner}/${repo.name}] authenticated (#${number})`);
  });
});

for (const [protocol, tls] of [['smtps', 'implicit'], ['smtp+starttls', 'starttls']] as const) {
  describe(`e-mail over ${protocol}`, () => {
    const { smtp, kit } = useMailedServer({ tls }, { PROTOCOL: protocol, FORCE_TRUST_SERVER_CERT: true });

    it(`sends over TLS with ${protocol}, trusting the server's own certificate with FORCE_TRUST_SERVER_CERT`, async () => {
      const [owner, poster] = await createAccounts(kit.api, 2);
      const repo = await buildRepo(kit, owner, { autoInit: true, collaborators: [[poster, 'write']] });
      await openIssue(kit, repo, poster, `over ${protocol}`);
      const [mail] = smtp.to(owner.email);
      assert.ok(mail, 'the mail arrived');
      assert.equal(mail.secure, true);
    });
  });
}

describe('e-mail retried after the SMTP server refused it', () => {
  const refusal = Object.assign(new Error('try again later'), { responseCode: 451 });
  const { smtp, kit } = useMailedServer({ refuse: (count) => (count === 1 ? refusal : null) }, { SEND_AS_PLAIN_TEXT: true });

  it('sends the mail again with backoff until the server accepts it, once', async () => {
    const [owner, poster] = await createAccounts(kit.api, 2);
    const repo = await buildRepo(kit, owner, { autoInit: true, collaborators: [[poster, 'write']] });
    await openIssue(kit, repo, poster, 'refused once');
    const deadline = Date.now() + 10_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await kit.app.backgroundIdle();
    assert.equal(smtp.offered, 2, 'refused, then offered again');
    assert.equal(smtp.to(owner.email).length, 1, 'accepted once');
    assert.equal(smtp.received[0].parsed.html, false, 'SEND_AS_PLAIN_TEXT: no HTML part');
  });
});

describe('e-mail with two instances on one database and one Redis', () => {
  const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  // Both instances hear of every event and both workers look for due mails.
  const { smtp, kit: first } = useMailedServer({}, {}, { ENABLE_NOTIFY_MAIL: true }, { redis: { URL: REDIS_URL } });
  const secondOverrides = { mailer: { ENABLED: true, PROTOCOL: 'smtp', SMTP_ADDR: '127.0.0.1', FROM, SMTP_PORT: 0 }, service: { ENABLE_NOTIFY_MAIL: true }, redis: { URL: REDIS_URL } };
  before(() => {
    secondOverrides.mailer.SMTP_PORT = smtp.port;
  });
  const second = useServer(secondOverrides, { sharingDataOf: first });

  it('sends each mail once although every instance records the event', async () => {
    const [owner, poster] = await createAccounts(first.api, 2);
    const repo = await buildRepo(first, owner, { autoInit: true, collaborators: [[poster, 'write']] });
    const number = await openIssue(first, repo, poster, 'twice heard');
    await comment(second, repo, number, owner, 'from the other instance');
    await first.app.backgroundIdle();
    await second.app.backgroundIdle();
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(subjectsTo(smtp, owner), [`[${repo.owner}/${repo.name}] twice heard (#${number})`]);
    assert.deepEqual(subjectsTo(smtp, poster), [`Re: [${repo.owner}/${repo.name}] twice heard (#${number})`]);
  });
});

describe('e-mail left pending by an instance that stopped', () => {
  let refusing = true;
  const refusal = Object.assign(new Error('not now'), { responseCode: 421 });
  const { smtp, kit: writer } = useMailedServer({ refuse: () => (refusing ? refusal : null) }, { MAX_ATTEMPTS: 1000 });
  let owner: TestAccount;
  let subject = '';

  it('keeps a mail the server refused in the queue when the instance stops', async () => {
    let poster: TestAccount;
    [owner, poster] = await createAccounts(writer.api, 2);
    const repo = await buildRepo(writer, owner, { autoInit: true, collaborators: [[poster, 'write']] });
    const number = await openIssue(writer, repo, poster, 'outlives its instance');
    subject = `[${repo.owner}/${repo.name}] outlives its instance (#${number})`;
    assert.ok(smtp.offered >= 1, 'the server was offered the mail');
    await writer.app.stop();
    assert.equal(smtp.received.length, 0);
    refusing = false;
  });

  describe('and an instance started later on the same data', () => {
    const later = { mailer: { ENABLED: true, PROTOCOL: 'smtp', SMTP_ADDR: '127.0.0.1', FROM, SMTP_PORT: 0 }, service: { ENABLE_NOTIFY_MAIL: true } };
    before(() => {
      later.mailer.SMTP_PORT = smtp.port;
    });
    useServer(later, { sharingDataOf: writer });

    it('sends it, once', async () => {
      const deadline = Date.now() + 10_000;
      while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(subjectsTo(smtp, owner), [subject]);
    });
  });
});

describe('e-mail with the dummy protocol', () => {
  const kit = useServer({ mailer: { ENABLED: true, PROTOCOL: 'dummy', FROM }, service: { ENABLE_NOTIFY_MAIL: true } });

  it('logs each mail as a line instead of sending it', async () => {
    const [owner, poster] = await createAccounts(kit.api, 2);
    const repo = await buildRepo(kit, owner, { autoInit: true, collaborators: [[poster, 'write']] });
    const lines: string[] = [];
    const info = console.info;
    console.info = (line: string) => void lines.push(line);
    let number = 0;
    try {
      number = await openIssue(kit, repo, poster, 'logged only');
    } finally {
      console.info = info;
    }
    const logged = lines.map((l) => (JSON.parse(l) as { mail: { to: string; subject: string; messageId: string } }).mail);
    assert.deepEqual(logged, [{ to: owner.email, subject: `[${repo.owner}/${repo.name}] logged only (#${number})`, messageId: `<${repo.owner}/${repo.name}/issues/${number}@127.0.0.1>` }]);
  });
});

describe('e-mail switched off', () => {
  const { smtp, kit } = useMailedServer({}, { ENABLED: false });

  it('sends nothing while mailer.ENABLED is false', async () => {
    const [owner, poster] = await createAccounts(kit.api, 2);
    const repo = await buildRepo(kit, owner, { autoInit: true, collaborators: [[poster, 'write']] });
    const number = await openIssue(kit, repo, poster, 'silent');
    await comment(kit, repo, number, owner, 'nothing goes out');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(smtp.offered, 0);
  });
});

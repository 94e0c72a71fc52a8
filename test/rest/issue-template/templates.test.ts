import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const BUG = `---
name: Bug report
about: Something does not work
title: "[bug] "
labels: bug, ui
assignees:
  - alice
ref: main
---
What happened?
`;

const FEATURE = `name: Feature
description: Ask for something new
labels: [enhancement]
ref: refs/tags/v1
body:
  - type: markdown
    attributes:
      value: Thanks for asking!
  - type: input
    id: summary
    attributes:
      label: Summary
    validations:
      required: true
  - type: dropdown
    id: area
    attributes:
      label: Area
      options: [api, ui]
      default: 1
  - type: textarea
    attributes:
      label: Details
    visible: [content]
  - type: checkboxes
    id: terms
    attributes:
      label: Terms
      options:
        - label: I searched first
          required: true
`;

const PLAIN = 'No front matter at all, so the file is its own text and this sentence, longer than eighty characters, is cut.\n';

const LONG_CONTACTS = `blank_issues_enabled: false
contact_links:
  - name: Forum
    url: https://forum.example.org/
    about: Questions go here
  - name: Security
    url: mailto:security@example.org
    about: Report vulnerabilities privately
`;

describe('issue templates and the issue configuration', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, stranger] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, {
      files: {
        '.gitea/ISSUE_TEMPLATE/bug.md': BUG,
        '.gitea/ISSUE_TEMPLATE/feature.yaml': FEATURE,
        '.gitea/ISSUE_TEMPLATE/broken.yaml': 'name: Broken\nabout: has no body\n',
        '.gitea/ISSUE_TEMPLATE/bad-id.yml': 'name: Bad\nabout: x\nbody:\n  - type: input\n    id: "not ok"\n    attributes:\n      label: L\n',
        '.gitea/ISSUE_TEMPLATE/config.yaml': LONG_CONTACTS,
        '.gitea/ISSUE_TEMPLATE/notes.txt': 'not a template',
        '.github/ISSUE_TEMPLATE/plain.md': PLAIN,
        '.github/issue_template/described.yml': 'name: Described\ndescription: About by another name\nbody:\n  - type: textarea\n    id: what\n    attributes:\n      label: What\n',
        'README.md': '# templates\n',
      },
    });
  });

  it("lists the default branch's templates of every template folder in Gitea's shape, markdown and forms alike", async () => {
    const res = await api.get(`${repo.path}/issue_templates`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.map((t: { file_name: string }) => t.file_name), [
      '.gitea/ISSUE_TEMPLATE/bug.md',
      '.gitea/ISSUE_TEMPLATE/feature.yaml',
      '.github/ISSUE_TEMPLATE/plain.md',
      '.github/issue_template/described.yml',
    ]);
    const [bug, feature, plain, described] = res.body;
    assert.deepEqual(bug, {
      name: 'Bug report',
      title: '[bug] ',
      about: 'Something does not work',
      labels: ['bug', 'ui'],
      assignees: ['alice'],
      ref: 'refs/heads/main',
      content: 'What happened?\n',
      body: null,
      file_name: '.gitea/ISSUE_TEMPLATE/bug.md',
    });
    assert.equal(feature.about, 'Ask for something new');
    assert.deepEqual(feature.labels, ['enhancement']);
    assert.equal(feature.assignees, null);
    assert.equal(feature.ref, 'refs/tags/v1');
    assert.equal(feature.content, '');
    assert.deepEqual(feature.body, [
      { type: 'markdown', id: '0', attributes: { value: 'Thanks for asking!' }, validations: null, visible: ['form'] },
      { type: 'input', id: 'summary', attributes: { label: 'Summary' }, validations: { required: true }, visible: ['form', 'content'] },
      { type: 'dropdown', id: 'area', attributes: { label: 'Area', options: ['api', 'ui'], default: 1 }, validations: null, visible: ['form', 'content'] },
      { type: 'textarea', id: '3', attributes: { label: 'Details' }, validations: null, visible: ['content'] },
      { type: 'checkboxes', id: 'terms', attributes: { label: 'Terms', options: [{ label: 'I searched first', required: true }] }, validations: null, visible: ['form', 'content'] },
    ]);
    assert.equal(plain.name, 'plain.md');
    assert.equal(plain.content, PLAIN);
    assert.equal([...plain.about].length, 80);
    assert.ok(plain.about.endsWith('…'));
    assert.equal(plain.ref, 'refs/heads/');
    assert.equal(described.about, 'About by another name');
  });

  it('leaves out the files that are not usable templates and counts them in X-Gitea-Warning, as Gitea does', async () => {
    const res = await api.get(`${repo.path}/issue_templates`);
    assert.equal(res.headers.get('x-gitea-warning'), 'error occurs when parsing issue template: count=2');
    const plain = await buildRepo(server, owner, { files: { '.gitea/ISSUE_TEMPLATE/ok.md': BUG } });
    const clean = await api.get(`${plain.path}/issue_templates`);
    assert.equal(clean.body.length, 1);
    assert.equal(clean.headers.get('x-gitea-warning'), null);
  });

  it('reads the templates through the repository\'s git reader, starting no git process per template', async () => {
    await api.get(`${repo.path}/issue_templates`);
    const spawned = gitSpawnCount();
    assert.equal((await api.get(`${repo.path}/issue_templates`)).body.length, 4);
    assert.equal((await api.get(`${repo.path}/issue_config`)).status, 200);
    assert.equal(gitSpawnCount() - spawned, 0);
  });

  it('refuses forms that break Gitea\'s rules, each with the reason, and markdown without a name or about', async () => {
    const cases: Record<string, string> = {
      'no-body.yaml': 'name: A\nabout: b\n',
      'unknown-type.yaml': 'name: A\nabout: b\nbody:\n  - type: slider\n    id: s\n    attributes:\n      label: S\n',
      'twice.yaml': 'name: A\nabout: b\nbody:\n  - type: input\n    id: x\n    attributes:\n      label: X\n  - type: input\n    id: x\n    attributes:\n      label: Y\n',
      'no-label.yaml': 'name: A\nabout: b\nbody:\n  - type: input\n    id: x\n',
      'no-options.yaml': 'name: A\nabout: b\nbody:\n  - type: dropdown\n    id: d\n    attributes:\n      label: D\n',
      'bad-default.yaml': 'name: A\nabout: b\nbody:\n  - type: dropdown\n    id: d\n    attributes:\n      label: D\n      options: [a]\n      default: 3\n',
      'hidden-required.yaml': 'name: A\nabout: b\nbody:\n  - type: input\n    id: x\n    attributes:\n      label: X\n    validations:\n      required: true\n    visible: [content]\n',
      'not-yaml.yaml': 'name: [unclosed\n',
      'nameless.md': '---\nabout: b\n---\ntext\n',
      'fine.md': '---\nname: Fine\nabout: fine\n---\n',
    };
    const files = Object.fromEntries(Object.entries(cases).map(([name, text]) => [`.gitea/ISSUE_TEMPLATE/${name}`, text]));
    const refused = await buildRepo(server, owner, { files });
    const res = await api.get(`${refused.path}/issue_templates`);
    assert.deepEqual(res.body.map((t: { name: string }) => t.name), ['Fine']);
    assert.equal(res.headers.get('x-gitea-warning'), `error occurs when parsing issue template: count=${Object.keys(cases).length - 1}`);
    const problems = await server.graphql(
      'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { issueTemplates { problems { fileName message } } } }',
      { owner: refused.owner, name: refused.name },
    );
    const why = Object.fromEntries(problems.data.repository.issueTemplates.problems.map((p: { fileName: string; message: string }) => [p.fileName.split('/').pop(), p.message]));
    assert.equal(why['no-body.yaml'], "'body' is required");
    assert.equal(why['unknown-type.yaml'], 'body[0](slider): unknown type');
    assert.equal(why['twice.yaml'], "body[1](input): 'id' should be unique");
    assert.equal(why['no-label.yaml'], "body[0](input): 'label' is required");
    assert.equal(why['no-options.yaml'], "body[0](dropdown): 'options' is required and should be a array");
    assert.equal(why['bad-default.yaml'], "body[0](dropdown): the value of 'default' is out of range");
    assert.equal(why['hidden-required.yaml'], 'body[0](input): can not require a hidden field');
    assert.match(why['not-yaml.yaml'], /^yaml: /);
    assert.equal(why['nameless.md'], "'name' is required");
  });

  it('answers the configuration of the first config file found, and validates it', async () => {
    const config = await api.get(`${repo.path}/issue_config`);
    assert.equal(config.status, 200);
    assert.deepEqual(config.body, {
      blank_issues_enabled: false,
      contact_links: [
        { name: 'Forum', url: 'https://forum.example.org/', about: 'Questions go here' },
        { name: 'Security', url: 'mailto:security@example.org', about: 'Report vulnerabilities privately' },
      ],
    });
    assert.deepEqual((await api.get(`${repo.path}/issue_config/validate`)).body, { valid: true, message: '' });
    const github = await buildRepo(server, owner, { files: { '.github/ISSUE_TEMPLATE/config.yml': 'blank_issues_enabled: false\n' } });
    assert.deepEqual((await api.get(`${github.path}/issue_config`)).body, { blank_issues_enabled: false, contact_links: [] });
  });

  it('answers the default configuration when there is none or it does not hold, and validate says why not', async () => {
    const none = await buildRepo(server, owner, { files: { 'README.md': 'x' } });
    assert.deepEqual((await api.get(`${none.path}/issue_config`)).body, { blank_issues_enabled: true, contact_links: [] });
    assert.deepEqual((await api.get(`${none.path}/issue_config/validate`)).body, { valid: true, message: '' });
    const broken: Record<string, string> = {
      'blank_issues_enabled: false\ncontact_links:\n  - name: Forum\n    url: https://forum.example.org/\n': 'contact_link at position 1 is missing about key',
      'contact_links:\n  - name: Forum\n    url: forum.example.org\n    about: a forum\n': 'forum.example.org is not a valid URL',
      'blank_issues_enabled: maybe\n': "'blank_issues_enabled' should be a bool",
      '- just\n- a list\n': 'the configuration is a mapping, not a list',
    };
    for (const [text, message] of Object.entries(broken)) {
      const bad = await buildRepo(server, owner, { files: { '.gitea/ISSUE_TEMPLATE/config.yaml': text } });
      assert.deepEqual((await api.get(`${bad.path}/issue_config`)).body, { blank_issues_enabled: true, contact_links: [] }, text);
      assert.deepEqual((await api.get(`${bad.path}/issue_config/validate`)).body, { valid: false, message }, text);
    }
  });

  it('answers no templates and the default configuration for an empty repository', async () => {
    const empty = await buildRepo(server, owner, {});
    assert.deepEqual((await api.get(`${empty.path}/issue_templates`)).body, []);
    assert.deepEqual((await api.get(`${empty.path}/issue_config`)).body, { blank_issues_enabled: true, contact_links: [] });
    assert.deepEqual((await api.get(`${empty.path}/issue_config/validate`)).body, { valid: true, message: '' });
  });

  it('needs the code of the repository readable: 404 where it is hidden, 403 for a team without the code unit', async () => {
    const secret = await buildRepo(server, owner, { private: true, files: { '.gitea/ISSUE_TEMPLATE/bug.md': BUG } });
    for (const path of ['issue_templates', 'issue_config', 'issue_config/validate']) {
      assert.equal((await api.get(`${secret.path}/${path}`, stranger.basic)).status, 404, path);
      assert.equal((await api.get(`${secret.path}/${path}`)).status, 404, path);
    }
    const org = await buildOrg(server, { owner, teams: [{ name: 'triage', unitsMap: { 'repo.issues': 'read' }, includesAllRepositories: true, members: 1 }] });
    const orgRepo = await buildRepo(server, owner, { org: org.login, private: true, files: { '.gitea/ISSUE_TEMPLATE/bug.md': BUG } });
    const [triager] = org.teams.triage.members;
    assert.equal((await api.get(`${orgRepo.path}/issue_templates`, triager.basic)).status, 403);
    assert.equal((await api.get(`${orgRepo.path}/issue_config`, triager.basic)).status, 403);
    assert.equal((await api.get(`${orgRepo.path}/issue_templates`, owner.basic)).body.length, 1);
  });
});

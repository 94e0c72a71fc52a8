import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandVariables, isExcluded, isExpanded, parseTemplateFile, sanitizePath, templateVariables } from '../../../src/domain/template/generate.rules.ts';
import { fillLicense } from '../../../src/domain/template/template.service.ts';
import { licenseFileRank } from '../../../src/domain/template/template.rules.ts';

const side = (name: string, owner: string) => ({ name, owner, description: `about ${name}`, link: `/${owner}/${name}`, httpsUrl: `http://h/${owner}/${name}.git`, sshUrl: '' });

describe('the rules of templates', () => {
  const vars = templateVariables(side('myCoolApp', 'Some-Org'), side('tmpl', 'alice'), new Date(Date.UTC(2026, 2, 5)));

  it('spells names in every case Gitea offers, and dates in UTC', () => {
    assert.deepEqual(
      ['SNAKE', 'KEBAB', 'CAMEL', 'PASCAL', 'LOWER', 'UPPER', 'TITLE'].map((t) => vars.get(`REPO_NAME_${t}`)),
      ['my_cool_app', 'my-cool-app', 'myCoolApp', 'MyCoolApp', 'mycoolapp', 'MYCOOLAPP', 'Mycoolapp'],
    );
    assert.equal(vars.get('REPO_OWNER_SNAKE'), 'some_org');
    assert.deepEqual([vars.get('YEAR'), vars.get('MONTH'), vars.get('MONTH_ENGLISH'), vars.get('DAY')], ['2026', '03', 'March', '05']);
    assert.equal(vars.get('REPO_DESCRIPTION_UPPER'), undefined, 'descriptions come as they are only');
  });

  it('expands as a shell would: unknown names bare, a lone or trailing $ kept, ${} dropped, an unclosed ${ eaten', () => {
    assert.equal(expandVariables('${REPO_NAME}/$TEMPLATE_OWNER', vars), 'myCoolApp/alice');
    assert.equal(expandVariables('$NOPE and ${NOPE}', vars), 'NOPE and NOPE');
    assert.equal(expandVariables('cost: $ 5 $', vars), 'cost: $ 5 $');
    assert.equal(expandVariables('a${}b', vars), 'ab');
    assert.equal(expandVariables('x${REPO_NAME', vars), 'xREPO_NAME');
    assert.equal(expandVariables('$$ $1', vars), '$ 1');
  });

  it('reads .gitea/template sections and comments, excluding whole folders', () => {
    const rules = parseTemplateFile('# comment\n*.md\n[exclude]\nbuild\n[unknown]\n**/*.tmp\n');
    assert.equal(isExpanded(rules, 'README.md'), true);
    assert.equal(isExpanded(rules, 'docs/README.md'), false, '* stays within a folder');
    assert.equal(isExcluded(rules, 'build/out/a.js'), true);
    assert.equal(isExcluded(rules, 'src/x.tmp'), true, 'an unknown section keeps the one before');
    assert.equal(isExcluded(rules, 'src/x.js'), false);
  });

  it('makes expanded paths safe: no "..", no .git, no reserved names or characters', () => {
    assert.equal(sanitizePath('../up/x'), '__/up/x');
    assert.equal(sanitizePath('a/.GIT/config'), 'a/_GIT/config');
    assert.equal(sanitizePath('con/a:b?.txt'), '_/a_b_.txt');
  });

  it("fills 0BSD's placeholders on its copyright line only", () => {
    const text = 'Copyright (C) YEAR by AUTHOR EMAIL\n\nTHE AUTHOR DISCLAIMS\n';
    assert.equal(fillLicense('0BSD', text, { owner: 'alice', email: 'a@x', repo: 'r', year: '2026' }), 'Copyright (C) 2026 by alice a@x\n\nTHE AUTHOR DISCLAIMS\n');
  });

  it('prefers LICENSE to LICENSE.md to COPYING as the license file, and ignores other names', () => {
    const names = ['COPYING', 'LICENSE.md', 'license', 'README.md', 'LICENSES'];
    assert.deepEqual(names.filter((n) => licenseFileRank(n) >= 0).sort((a, b) => licenseFileRank(a) - licenseFileRank(b)), ['license', 'LICENSE.md', 'COPYING']);
  });
});

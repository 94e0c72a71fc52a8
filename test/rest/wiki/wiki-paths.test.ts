import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gitPathToWebPath, userTitleToWebPath, webPathFromRequest, webPathToGitPath, webPathToUserTitle } from '../../../src/domain/wiki/wiki.rules.ts';

/** Gitea's own cases (services/wiki/wiki_test.go), so that a page written by either names the same file. */
describe('wiki page names map to web paths and files as Gitea maps them', () => {
  it('turns a title into a web path: spaces become dashes, a title with a dash keeps its spaces behind the .- marker, the rest is query-escaped', () => {
    const cases: [string, string][] = [
      ['', 'unnamed'],
      ['wiki name', 'wiki-name'],
      ['title.md', 'title.md.-'],
      ['wiki-name', 'wiki-name.-'],
      ['the wiki-name', 'the+wiki-name.-'],
      ['a/b', 'a%2Fb'],
      ['a%b', 'a%25b'],
      ['100% Free', '100%25-Free'],
      ['C++ (notes)', 'C%2B%2B-%28notes%29'],
      ['  Home  ', 'Home'],
    ];
    for (const [title, web] of cases) assert.equal(userTitleToWebPath(title), web, `title ${JSON.stringify(title)}`);
  });

  it('turns a web path into the file of the page, with spaces where the web path has + or %20', () => {
    const cases: [string, string][] = [
      ['wiki%20name', 'wiki-name.md'],
      ['wiki+name', 'wiki-name.md'],
      ['wiki name', 'wiki-name.md'],
      ['wiki%20name.md', 'wiki name.md'],
      ['wiki%2520name.md', 'wiki%20name.md'],
      ['2000-01-02+meeting', '2000-01-02-meeting.md'],
      ['2000-01-02%20meeting.-', '2000-01-02 meeting.-.md'],
      ['the+wiki-name.-', 'the wiki-name.-.md'],
      ['100%25-Free', '100%25-Free.md'],
      ['Home', 'Home.md'],
    ];
    for (const [web, file] of cases) assert.equal(webPathToGitPath(web), file, `web path ${web}`);
  });

  it('turns a file back into its web path, and names no page for a file that is not Markdown', () => {
    const cases: [string, string][] = [
      ['wiki-name.md', 'wiki-name'],
      ['wiki name.md', 'wiki-name'],
      ['2000-01-02+meeting.md', '2000-01-02-meeting'],
      ['2000-01-02 meeting.-.md', '2000-01-02+meeting.-'],
      ['Home.md', 'Home'],
    ];
    for (const [file, web] of cases) assert.equal(gitPathToWebPath(file), web, `file ${file}`);
    assert.equal(gitPathToWebPath('notes.txt'), null);
  });

  it('shows a web path as the title people read', () => {
    const cases: [string, string][] = [
      ['wiki-name', 'wiki name'],
      ['wiki-name.-', 'wiki-name'],
      ['name-with-%2F-slash', 'name with / slash'],
      ['name-with-%25-percent', 'name with % percent'],
      ['2000-01-02+meeting.-', '2000-01-02 meeting'],
      ['a%20b.md', 'a b'],
    ];
    for (const [web, title] of cases) assert.equal(webPathToUserTitle(web), title, `web path ${web}`);
  });

  it('round-trips every title through its web path and file back to the same title', () => {
    for (const title of ['Home', 'Home Page', 'release-notes', '100% Free', 'C++ (notes)', 'a/b', 'Ünïcödé page', '2000-01-02 meeting', 'x.md']) {
      const web = userTitleToWebPath(title);
      const file = webPathToGitPath(web);
      const back = gitPathToWebPath(file);
      assert.equal(back, web, `${title}: ${web} -> ${file} -> ${back}`);
      assert.equal(webPathToUserTitle(back!), title, title);
    }
  });

  it('keeps a page named in a request at the root of the wiki: its slashes stay inside the name', () => {
    assert.equal(webPathFromRequest('a/b'), 'a%2Fb');
    assert.equal(webPathFromRequest('../../etc/passwd'), 'etc%2Fpasswd');
    assert.equal(webPathToGitPath(webPathFromRequest('../x')), 'x.md');
  });
});

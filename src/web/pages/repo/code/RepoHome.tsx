import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { CodeHomeDocument } from '../../../__generated__/pages/repo/code/code-home.ts';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName, type RepositoryHeader } from '../RepoLayout.tsx';
import { MarkdownFile } from './FileView.tsx';
import { decodeText, encodePath, README_NAMES, srcUrl, type RefType } from './paths.ts';
import { RefSwitcher } from './RefSwitcher.tsx';
import { Tree } from './Tree.tsx';

/** The repository home: how to clone it, its root directory on the default branch, and its README. */
export default function RepoHome() {
  const repository = useRepository();
  return (
    <div className="code-page">
      <h1 className="visually-hidden">{repository.fullName}</h1>
      <CloneUrl url={repository.cloneUrl} />
      {repository.isEmpty ? <EmptyRepository repository={repository} /> : <RootTree repository={repository} />}
    </div>
  );
}

function CloneUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="row clone-url">
      <label className="inline">
        <span>Clone with HTTP</span>
        <input type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
      </label>
      <button type="button" onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" className="muted">
        {copied === 'yes' ? 'Copied' : copied === 'no' ? 'Could not copy: select the address and copy it' : ''}
      </span>
    </div>
  );
}

function EmptyRepository({ repository }: { repository: RepositoryHeader }) {
  const branch = repository.defaultBranch;
  return (
    <section className="box" aria-labelledby="empty-title">
      <header>
        <h2 id="empty-title">This repository is empty</h2>
      </header>
      <div className="body">
        <p>Push an existing repository from the command line:</p>
        <pre className="push-help">
          {`git remote add origin ${repository.cloneUrl}\ngit push -u origin ${branch}`}
        </pre>
        <p>Or start a new one:</p>
        <pre className="push-help">
          {`git init\ngit checkout -b ${branch}\ngit add README.md\ngit commit -m "first commit"\ngit remote add origin ${repository.cloneUrl}\ngit push -u origin ${branch}`}
        </pre>
      </div>
    </section>
  );
}

function RootTree({ repository }: { repository: RepositoryHeader }) {
  const name = useRepositoryName();
  const [{ data, error }] = useQuery({ query: CodeHomeDocument, variables: { ...name, readmes: README_NAMES } });
  if (error) return <ErrorMessage error={error} />;
  const repo = data?.repository;
  if (!repo) return <Loading />;
  const { contents } = repo;
  const refType = contents.refType as RefType;
  const readme = repo.files.files.find((f) => f?.content != null);
  const readmeText = readme?.content ? decodeText(readme.content) : null;
  const base = repository.fullName;
  return (
    <>
      <div className="row code-toolbar">
        <RefSwitcher repo={base} refType={refType} refName={contents.refName} />
        <Link to={`/${base}/commits/branch/${encodePath(contents.refName)}`}>Commits</Link>
        <Link to={`/${base}/branches`}>Branches</Link>
        <Link to={`/${base}/tags`}>Tags</Link>
        <span className="row code-downloads">
          <a href={`/${base}/archive/${encodePath(contents.refName)}.zip`}>Download ZIP</a>
          <a href={`/${base}/archive/${encodePath(contents.refName)}.tar.gz`}>Download TAR.GZ</a>
        </span>
      </div>
      <Tree repo={base} refType={refType} refName={contents.refName} entries={contents.entries ?? []} />
      {readme && readmeText !== null && (
        <section className="box readme" aria-labelledby="readme-title">
          <header>
            <h2 id="readme-title">{readme.path}</h2>
          </header>
          <MarkdownFile text={readmeText} path={readme.path} context={srcUrl(base, refType, contents.refName)} />
        </section>
      )}
    </>
  );
}

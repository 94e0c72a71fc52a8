import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { ForkOwnersDocument, ForkRepositoryDocument, StarRepositoryDocument, UnstarRepositoryDocument, UnwatchRepositoryDocument, WatchRepositoryDocument } from '../../__generated__/pages/repo/repo.ts';
import { useViewer } from '../../app/viewer.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import type { RepositoryHeader } from './RepoLayout.tsx';

/**
 * Star, watch and fork, with their counts. The star and watch mutations answer no repository, so the header
 * is read again (network-only) after each: the count shown is the server's.
 */
export function RepoActions({ repo, refresh }: { repo: RepositoryHeader; refresh: () => void }) {
  const viewer = useViewer();
  const variables = { owner: repo.owner.login, name: repo.name };
  const [star, doStar] = useMutation(StarRepositoryDocument);
  const [unstar, doUnstar] = useMutation(UnstarRepositoryDocument);
  const [watch, doWatch] = useMutation(WatchRepositoryDocument);
  const [unwatch, doUnwatch] = useMutation(UnwatchRepositoryDocument);
  const [forking, setForking] = useState(false);
  const failure = star.error ?? unstar.error ?? watch.error ?? unwatch.error;
  const then = (p: Promise<{ error?: unknown }>) => p.then((r) => !r.error && refresh());
  if (!viewer) {
    return (
      <div className="repo-actions row" aria-label="Repository counts" role="group">
        <span>{repo.watchCount} watching</span>
        <span>{repo.starCount} stars</span>
        <span>{repo.forkCount} forks</span>
      </div>
    );
  }
  const watching = repo.viewerSubscription?.subscribed ?? false;
  return (
    <div className="stack">
      <div className="repo-actions row" role="group" aria-label="Repository actions">
        <button type="button" aria-pressed={watching} disabled={watch.fetching || unwatch.fetching} onClick={() => then(watching ? doUnwatch(variables) : doWatch(variables))}>
          {watching ? 'Unwatch' : 'Watch'} <span className="count">{repo.watchCount}</span>
        </button>
        <button type="button" aria-pressed={repo.viewerHasStarred} disabled={star.fetching || unstar.fetching} onClick={() => then(repo.viewerHasStarred ? doUnstar(variables) : doStar(variables))}>
          {repo.viewerHasStarred ? 'Unstar' : 'Star'} <span className="count">{repo.starCount}</span>
        </button>
        <button type="button" aria-expanded={forking} onClick={() => setForking(!forking)}>
          Fork <span className="count">{repo.forkCount}</span>
        </button>
      </div>
      {failure && <ErrorMessage error={failure} />}
      {forking && <ForkForm repo={repo} login={viewer.login} />}
    </div>
  );
}

/** Where to fork to (the viewer or one of its organizations) and under which name; goes to the fork once made. */
function ForkForm({ repo, login }: { repo: RepositoryHeader; login: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [{ data }] = useQuery({ query: ForkOwnersDocument, variables: { login } });
  const [owner, setOwner] = useState(login);
  const [name, setName] = useState(repo.name);
  const [fork, doFork] = useMutation(ForkRepositoryDocument);
  return (
    <form
      className="box fork-form"
      aria-labelledby={`${id}-title`}
      onSubmit={async (e) => {
        e.preventDefault();
        const result = await doFork({ owner: repo.owner.login, name: repo.name, newName: name.trim() || undefined, organization: owner === login ? undefined : owner });
        if (result.data) void navigate(`/${result.data.createFork.fullName}`);
      }}
    >
      <div className="body stack">
        <h2 id={`${id}-title`}>Fork {repo.fullName}</h2>
        <label>
          Owner
          <select value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value={login}>{login}</option>
            {data?.organizations.nodes.map((o) => (
              <option key={o.login} value={o.login}>
                {o.login}
              </option>
            ))}
          </select>
        </label>
        <label>
          Repository name
          <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        {fork.error && <ErrorMessage error={fork.error} />}
        {fork.fetching ? (
          <Loading label="Forking the repository" />
        ) : (
          <div className="row">
            <button type="submit" className="primary">
              Fork repository
            </button>
          </div>
        )}
      </div>
    </form>
  );
}

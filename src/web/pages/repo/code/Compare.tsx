import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { CompareRefsDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { Diff } from '../../../components/Diff.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { CommitRows } from './CommitRows.tsx';
import { isNotFound } from './not-found.ts';
import { encodePath } from './paths.ts';

/** /{repo}/compare/{base}...{head}: what head has that base has not (commits and diff), and a form to pick both. */
export default function Compare() {
  const repository = useRepository();
  const spec = useParams()['*'] ?? '';
  const [base = '', head = ''] = spec.includes('...') ? spec.split('...') : [repository.defaultBranch, spec];
  return (
    <section aria-labelledby="compare-title">
      <h1 id="compare-title">Compare</h1>
      <CompareForm key={spec} base={base || repository.defaultBranch} head={head} />
      {base && head && <Comparison base={base} head={head} />}
    </section>
  );
}

function CompareForm({ base, head }: { base: string; head: string }) {
  const repository = useRepository();
  const navigate = useNavigate();
  const [b, setB] = useState(base);
  const [h, setH] = useState(head);
  return (
    <form
      className="row compare-form"
      onSubmit={(e) => {
        e.preventDefault();
        void navigate(`/${repository.fullName}/compare/${encodePath(b.trim())}...${encodePath(h.trim())}`);
      }}
    >
      <label className="inline">
        <span>Base</span>
        <input value={b} onChange={(e) => setB(e.target.value)} required />
      </label>
      <label className="inline">
        <span>Compare</span>
        <input value={h} onChange={(e) => setH(e.target.value)} required />
      </label>
      <button type="submit" className="primary">
        Compare
      </button>
    </form>
  );
}

function Comparison({ base, head }: { base: string; head: string }) {
  const repository = useRepository();
  const [{ data, error }] = useQuery({ query: CompareRefsDocument, variables: { ...useRepositoryName(), base, head } });
  if (isNotFound(error)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  const comparison = data?.repository?.compare;
  if (!comparison) return <Loading />;
  return (
    <>
      <h2>
        Commits <span className="count">{comparison.commits.totalCount}</span>
      </h2>
      <CommitRows repo={repository.fullName} commits={comparison.commits.nodes} />
      <h2>Changes</h2>
      <Diff diff={comparison.diff} />
    </>
  );
}

import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { BranchProtectionsDocument, DeleteBranchProtectionRuleDocument, type BranchProtectionFieldsFragment } from '../../../__generated__/pages/repo/settings/settings.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';

/** Who may push under a rule, in words. */
export function pushSummary(rule: BranchProtectionFieldsFragment): string {
  if (!rule.enablePush) return 'No one may push';
  if (!rule.enablePushWhitelist) return 'Everyone with write access may push';
  return rule.pushWhitelistUsernames.length ? `Only ${rule.pushWhitelistUsernames.join(', ')} may push` : 'Only the allowlist may push (empty)';
}

export default function Branches() {
  const variables = useRepositoryName();
  const repo = useRepository();
  const [{ data, error, fetching }, refetch] = useQuery({ query: BranchProtectionsDocument, variables });
  const [removal, remove] = useMutation(DeleteBranchProtectionRuleDocument);
  async function removeRule(ruleName: string) {
    if (!window.confirm(`Delete the protection rule "${ruleName}"?`)) return;
    const outcome = await remove({ ...variables, ruleName });
    // Deleting answers a Boolean the document cache cannot tie to the list: ask again.
    if (outcome.data) refetch({ requestPolicy: 'network-only' });
  }
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const rules = data?.repository?.branchProtections.nodes;
  if (!rules) return <NotFound />;
  const base = `/${repo.fullName}/settings/branches`;
  return (
    <section aria-labelledby="branches-title">
      <div className="row settings-heading">
        <h2 id="branches-title">Branch protection rules</h2>
        <Link className="button primary" to={`${base}/edit`}>
          Add rule
        </Link>
      </div>
      {removal.error && <ErrorMessage error={removal.error} />}
      {rules.length === 0 ? (
        <p className="muted">No branch is protected.</p>
      ) : (
        <ul className="plain rules">
          {rules.map((rule) => (
            <li key={rule.databaseId} className="stack">
              <div className="row">
                <strong className="mono">{rule.ruleName}</strong>
                <Link to={`${base}/edit?rule_name=${encodeURIComponent(rule.ruleName)}`}>
                  Edit <span className="visually-hidden">{rule.ruleName}</span>
                </Link>
                <button type="button" className="link-button danger" disabled={removal.fetching} onClick={() => void removeRule(rule.ruleName)}>
                  Delete <span className="visually-hidden">{rule.ruleName}</span>
                </button>
              </div>
              <span className="muted">
                {pushSummary(rule)}; {rule.requiredApprovals} approval{rule.requiredApprovals === 1 ? '' : 's'} required
                {rule.enableStatusCheck && `; status checks: ${rule.statusCheckContexts.join(', ') || 'none named'}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

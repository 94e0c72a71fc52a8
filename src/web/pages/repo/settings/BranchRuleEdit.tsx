import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { BranchProtectionsDocument, CreateBranchProtectionRuleDocument, UpdateBranchProtectionRuleDocument, type BranchProtectionFieldsFragment } from '../../../__generated__/pages/repo/settings/settings.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';

type PushMode = 'nobody' | 'writers' | 'allowlist';

const pushModeOf = (rule?: BranchProtectionFieldsFragment): PushMode =>
  !rule ? 'writers' : !rule.enablePush ? 'nobody' : rule.enablePushWhitelist ? 'allowlist' : 'writers';

/** Words separated by commas, spaces or new lines. */
const list = (text: FormDataEntryValue | null) =>
  String(text ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A new rule (no ?rule_name=) or the rule named, as Gitea's /settings/branches/edit. */
export default function BranchRuleEdit() {
  const variables = useRepositoryName();
  const [params] = useSearchParams();
  const ruleName = params.get('rule_name');
  const [{ data, error, fetching }] = useQuery({ query: BranchProtectionsDocument, variables, pause: !ruleName });
  if (!ruleName) return <RuleForm />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const rule = data?.repository?.branchProtections.nodes.find((r) => r.ruleName === ruleName);
  if (!rule) return <NotFound />;
  return <RuleForm rule={rule} />;
}

function RuleForm({ rule }: { rule?: BranchProtectionFieldsFragment }) {
  const variables = useRepositoryName();
  const repo = useRepository();
  const navigate = useNavigate();
  const [pushMode, setPushMode] = useState<PushMode>(pushModeOf(rule));
  const [statusChecks, setStatusChecks] = useState(rule?.enableStatusCheck ?? false);
  const [created, create] = useMutation(CreateBranchProtectionRuleDocument);
  const [updated, update] = useMutation(UpdateBranchProtectionRuleDocument);
  const failure = created.error ?? updated.error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      enablePush: pushMode !== 'nobody',
      enablePushWhitelist: pushMode === 'allowlist',
      pushWhitelistUsernames: pushMode === 'allowlist' ? list(form.get('pushAllowlist')) : [],
      requiredApprovals: Number(form.get('requiredApprovals') || 0),
      enableStatusCheck: statusChecks,
      statusCheckContexts: statusChecks ? String(form.get('statusCheckContexts')).split('\n').map((s) => s.trim()).filter(Boolean) : [],
      blockOnRejectedReviews: form.get('blockOnRejectedReviews') === 'on',
      dismissStaleApprovals: form.get('dismissStaleApprovals') === 'on',
      protectedFilePatterns: String(form.get('protectedFilePatterns')).trim(),
      unprotectedFilePatterns: String(form.get('unprotectedFilePatterns')).trim(),
    };
    const outcome = rule
      ? await update({ ...variables, ruleName: rule.ruleName, input })
      : await create({ ...variables, input: { ...input, ruleName: String(form.get('ruleName')).trim() } });
    if (outcome.data) void navigate(`/${repo.fullName}/settings/branches`);
  }

  return (
    <section aria-labelledby="rule-title">
      <h2 id="rule-title">{rule ? `Edit the rule ${rule.ruleName}` : 'New branch protection rule'}</h2>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label>
          Branch name or pattern
          <input name="ruleName" defaultValue={rule?.ruleName} readOnly={!!rule} required placeholder="main, release/*" aria-describedby="rule-name-help" />
          <span id="rule-name-help" className="muted">
            A branch name, or a glob such as <code>release/*</code>.
          </span>
        </label>
        <fieldset>
          <legend>Push</legend>
          <label className="inline">
            <input type="radio" name="push" checked={pushMode === 'nobody'} onChange={() => setPushMode('nobody')} /> Disable push: no one may push
          </label>
          <label className="inline">
            <input type="radio" name="push" checked={pushMode === 'writers'} onChange={() => setPushMode('writers')} /> Everyone with write access may push
          </label>
          <label className="inline">
            <input type="radio" name="push" checked={pushMode === 'allowlist'} onChange={() => setPushMode('allowlist')} /> Only the allowlist may push
          </label>
          {pushMode === 'allowlist' && (
            <label>
              Users allowed to push (separated by commas)
              <input name="pushAllowlist" defaultValue={rule?.pushWhitelistUsernames.join(', ')} />
            </label>
          )}
        </fieldset>
        <fieldset>
          <legend>Pull requests</legend>
          <label>
            Required approvals
            <input name="requiredApprovals" type="number" min={0} defaultValue={rule?.requiredApprovals ?? 0} />
          </label>
          <label className="inline">
            <input name="blockOnRejectedReviews" type="checkbox" defaultChecked={rule?.blockOnRejectedReviews} /> Block merging when changes are
            requested
          </label>
          <label className="inline">
            <input name="dismissStaleApprovals" type="checkbox" defaultChecked={rule?.dismissStaleApprovals} /> Dismiss approvals when new
            commits are pushed
          </label>
          <label className="inline">
            <input type="checkbox" checked={statusChecks} onChange={(e) => setStatusChecks(e.target.checked)} /> Require status checks to pass
          </label>
          {statusChecks && (
            <label>
              Status check contexts (one per line; globs allowed)
              <textarea name="statusCheckContexts" rows={3} defaultValue={rule?.statusCheckContexts.join('\n')} />
            </label>
          )}
        </fieldset>
        <fieldset>
          <legend>Files</legend>
          <label>
            Protected file patterns (separated by ;)
            <input name="protectedFilePatterns" defaultValue={rule?.protectedFilePatterns} placeholder=".drone.yml;/docs/**/*.txt" />
          </label>
          <label>
            Unprotected file patterns (separated by ;)
            <input name="unprotectedFilePatterns" defaultValue={rule?.unprotectedFilePatterns} />
          </label>
        </fieldset>
        {failure && <ErrorMessage error={failure} />}
        <div className="row">
          <button type="submit" className="primary" disabled={created.fetching || updated.fetching}>
            {rule ? 'Save rule' : 'Create rule'}
          </button>
        </div>
      </form>
    </section>
  );
}

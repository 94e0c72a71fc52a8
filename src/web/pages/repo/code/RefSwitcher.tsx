import { useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { RefNamesDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { useRepositoryName } from '../RepoLayout.tsx';
import { srcUrl, type RefType } from './paths.ts';

/** A branch and tag picker: choosing one opens the same path on it. */
export function RefSwitcher({ repo, refType, refName, path = '' }: { repo: string; refType: RefType; refName: string; path?: string }) {
  const [{ data }] = useQuery({ query: RefNamesDocument, variables: useRepositoryName() });
  const navigate = useNavigate();
  const branches = data?.repository?.branches.nodes ?? [];
  const tags = data?.repository?.tags.nodes ?? [];
  const value = `${refType}:${refName}`;
  return (
    <label className="inline ref-switcher">
      <span>Branch or tag</span>
      <select
        value={value}
        onChange={(e) => {
          const [type, ...name] = e.target.value.split(':');
          void navigate(srcUrl(repo, type as RefType, name.join(':'), path));
        }}
      >
        {refType === 'commit' && <option value={value}>{refName.slice(0, 10)}</option>}
        {!data && refType !== 'commit' && <option value={value}>{refName}</option>}
        {branches.length > 0 && (
          <optgroup label="Branches">
            {branches.map((b) => (
              <option key={b.name} value={`branch:${b.name}`}>
                {b.name}
              </option>
            ))}
          </optgroup>
        )}
        {tags.length > 0 && (
          <optgroup label="Tags">
            {tags.map((t) => (
              <option key={t.name} value={`tag:${t.name}`}>
                {t.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}

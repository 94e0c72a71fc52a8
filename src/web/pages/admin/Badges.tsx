import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  AdminAwardBadgeDocument,
  AdminBadgesDocument,
  AdminCreateBadgeDocument,
  AdminDeleteBadgeDocument,
  AdminTakeBadgeDocument,
  AdminUserBadgeListDocument,
} from '../../__generated__/pages/admin/badges.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';

/** /-/admin/badges: the site's badges (create, delete) and the badges of one account (award, take back). */
export default function Badges() {
  const [{ data, error }, refetch] = useQuery({ query: AdminBadgesDocument, requestPolicy: 'cache-and-network' });
  const [created, create] = useMutation(AdminCreateBadgeDocument);
  const [removed, remove] = useMutation(AdminDeleteBadgeDocument);
  const [notice, setNotice] = useState('');
  const reload = () => refetch({ requestPolicy: 'network-only' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const slug = String(form.get('slug')).trim();
    const outcome = await create({ input: { slug, description: String(form.get('description')), imageUrl: String(form.get('imageUrl')).trim() } });
    if (outcome.data) {
      setNotice(`The badge ${slug} was created.`);
      formElement.reset();
      reload();
    }
  }

  return (
    <section aria-labelledby="admin-badges-title">
      <h1 id="admin-badges-title">Badges {data && <span className="count">{data.badges.length}</span>}</h1>
      <p role="status" className="success">
        {notice}
      </p>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : data.badges.length === 0 ? (
        <p className="muted">No badge yet.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Slug</th>
                <th scope="col">Description</th>
                <th scope="col">Image</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.badges.map((badge) => (
                <tr key={badge.databaseId}>
                  <td>{badge.slug}</td>
                  <td>{badge.description}</td>
                  <td>{badge.imageUrl}</td>
                  <td>
                    <ConfirmButton
                      label="Delete"
                      question={`Delete the badge ${badge.slug}? Everyone holding it loses it.`}
                      confirmLabel="Yes, delete"
                      busy={removed.fetching}
                      onConfirm={() =>
                        void remove({ slug: badge.slug }).then((outcome) => {
                          if (outcome.data) {
                            setNotice(`The badge ${badge.slug} was deleted.`);
                            reload();
                          }
                        })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {removed.error && <ErrorMessage error={removed.error} />}

      <h2>New badge</h2>
      <form className="stack admin-form" onSubmit={(e) => void submit(e)} aria-label="New badge">
        <label>
          Slug
          <input name="slug" required autoComplete="off" maxLength={255} />
        </label>
        <label>
          Description
          <input name="description" autoComplete="off" maxLength={255} />
        </label>
        <label>
          Image URL
          <input name="imageUrl" type="url" autoComplete="off" />
        </label>
        {created.error && <ErrorMessage error={created.error} />}
        <div>
          <button type="submit" className="primary" disabled={created.fetching}>
            Create badge
          </button>
        </div>
      </form>

      <AccountBadges slugs={data?.badges.map((b) => b.slug) ?? []} />
    </section>
  );
}

/** The badges of one account, by login: award one of the site's badges, or take one back. */
function AccountBadges({ slugs }: { slugs: string[] }) {
  const [login, setLogin] = useState('');
  const [{ data, error }, refetch] = useQuery({ query: AdminUserBadgeListDocument, variables: { login }, pause: !login, requestPolicy: 'network-only' });
  const [awarded, award] = useMutation(AdminAwardBadgeDocument);
  const [taken, take] = useMutation(AdminTakeBadgeDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  function pick(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLogin(String(new FormData(event.currentTarget).get('login')).trim());
  }

  async function give(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await award({ login, slugs: [String(new FormData(event.currentTarget).get('slug'))] });
    if (outcome.data) reload();
  }

  return (
    <>
      <h2>Badges of an account</h2>
      <form className="row" onSubmit={pick} aria-label="Find an account's badges">
        <label>
          User name
          <input name="login" required autoComplete="off" />
        </label>
        <button type="submit">Show badges</button>
      </form>
      {login &&
        (error ? (
          <ErrorMessage error={error} />
        ) : !data ? (
          <Loading />
        ) : (
          <>
            {data.userBadges.length === 0 ? (
              <p className="muted">{login} holds no badge.</p>
            ) : (
              <ul aria-label={`Badges of ${login}`}>
                {data.userBadges.map((badge) => (
                  <li key={badge.databaseId}>
                    {badge.slug}{' '}
                    <button type="button" disabled={taken.fetching} onClick={() => void take({ login, slugs: [badge.slug] }).then((o) => o.data && reload())}>
                      Take back {badge.slug}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {slugs.length > 0 && (
              <form className="row" onSubmit={(e) => void give(e)} aria-label={`Award a badge to ${login}`}>
                <label>
                  Badge
                  <select name="slug">
                    {slugs.map((slug) => (
                      <option key={slug}>{slug}</option>
                    ))}
                  </select>
                </label>
                <button type="submit" disabled={awarded.fetching}>
                  Award
                </button>
              </form>
            )}
            {(awarded.error ?? taken.error) && <ErrorMessage error={(awarded.error ?? taken.error)!} />}
          </>
        ))}
    </>
  );
}

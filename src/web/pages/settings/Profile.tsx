import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  DeleteViewerAvatarDocument,
  SetViewerAvatarDocument,
  SettingsProfileDocument,
  UpdateViewerProfileDocument,
  type SettingsProfileQuery,
  type Visibility,
} from '../../__generated__/pages/settings/profile.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';

type Profile = NonNullable<SettingsProfileQuery['viewer']>;

export default function ProfileSettings() {
  const [{ data, error }] = useQuery({ query: SettingsProfileDocument, requestPolicy: 'cache-and-network' });
  if (error) return <ErrorMessage error={error} />;
  if (!data?.viewer) return <Loading />;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <ProfileForm profile={data.viewer} />
      <AvatarForm profile={data.viewer} />
    </section>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [result, update] = useMutation(UpdateViewerProfileDocument);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const outcome = await update({
      input: {
        fullName: text('fullName'),
        website: text('website'),
        location: text('location'),
        description: text('description'),
        visibility: text('visibility') as Visibility,
        theme: text('theme'),
        diffViewStyle: text('diffViewStyle'),
        hideEmail: form.get('hideEmail') === 'on',
        hideActivity: form.get('hideActivity') === 'on',
      },
    });
    setSaved(!outcome.error);
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      <label>
        Full name
        <input name="fullName" defaultValue={profile.fullName} maxLength={100} autoComplete="name" />
      </label>
      <label>
        Website
        <input name="website" type="url" defaultValue={profile.website} maxLength={255} autoComplete="url" placeholder="https://" />
      </label>
      <label>
        Location
        <input name="location" defaultValue={profile.location} maxLength={50} />
      </label>
      <label>
        Description
        <textarea name="description" defaultValue={profile.description} maxLength={255} />
      </label>
      <label>
        Who may see the profile
        <select name="visibility" defaultValue={profile.visibility}>
          <option value="public">Public: everyone</option>
          <option value="limited">Limited: signed-in people</option>
          <option value="private">Private: only you and site administrators</option>
        </select>
      </label>
      <label>
        Theme
        <select name="theme" defaultValue={profile.theme ?? ''}>
          <option value="">Default</option>
          <option value="auto">Follow the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label>
        Diff layout
        <select name="diffViewStyle" defaultValue={profile.diffViewStyle ?? ''}>
          <option value="">Default (unified)</option>
          <option value="unified">Unified</option>
          <option value="split">Split</option>
        </select>
      </label>
      <label className="inline">
        <input type="checkbox" name="hideEmail" defaultChecked={profile.hideEmail ?? false} />
        Hide my e-mail address from others (they see a no-reply address)
      </label>
      <label className="inline">
        <input type="checkbox" name="hideActivity" defaultChecked={profile.hideActivity ?? false} />
        Hide my activity from others
      </label>
      {result.error && <ErrorMessage error={result.error} />}
      <div role="status" className="success">{saved && 'Your profile was saved.'}</div>
      <div>
        <button type="submit" className="primary" disabled={result.fetching}>
          Save profile
        </button>
      </div>
    </form>
  );
}

/** The picture's bytes as base64, as the API takes them. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Upload of a new avatar (checked and re-encoded by the server) and removal of the uploaded one. */
function AvatarForm({ profile }: { profile: Profile }) {
  const [setResult, setAvatar] = useMutation(SetViewerAvatarDocument);
  const [deleteResult, deleteAvatar] = useMutation(DeleteViewerAvatarDocument);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const uploaded = profile.avatarUrl.includes('?v=');

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setStatus('');
    const outcome = await setAvatar({ image: await readBase64(file) });
    if (input.current) input.current.value = '';
    if (!outcome.error) setStatus('Your avatar was updated.');
  }

  async function remove() {
    setStatus('');
    const outcome = await deleteAvatar({});
    if (!outcome.error) setStatus('Your avatar was removed.');
  }

  return (
    <section aria-labelledby="avatar-title" className="stack">
      <h2 id="avatar-title">Avatar</h2>
      <div>
        <Avatar url={profile.avatarUrl} login={profile.login} size={96} />
      </div>
      <label>
        Upload a new avatar (PNG, JPEG, GIF or WebP, at most 1 MiB)
        <input ref={input} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => void upload(e)} disabled={setResult.fetching} />
      </label>
      {(setResult.error ?? deleteResult.error) && <ErrorMessage error={(setResult.error ?? deleteResult.error)!} />}
      <div role="status" className="success">{status}</div>
      {uploaded && (
        <div>
          <button type="button" onClick={() => void remove()} disabled={deleteResult.fetching}>
            Remove avatar
          </button>
        </div>
      )}
    </section>
  );
}

import type { RestAttachmentFragment, RestReleaseFragment } from '../__generated__/graphql.ts';
import { toAttachment } from './attachment.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { archiveHtmlUrl, escapePath } from './urls.ts';
import { toUser } from './user.ts';

type Urls = { apiUrl: string; htmlUrl: string };

/**
 * Where a release's file is downloaded (Gitea's release attachment link): `{repo}/releases/download/{tag}/{name}`,
 * or the link itself for an asset that is one.
 */
export const releaseAssetUrl = (urls: Urls, tagName: string, asset: RestAttachmentFragment & { externalUrl?: string | null }): string =>
  asset.externalUrl ?? `${urls.htmlUrl}/releases/download/${escapePath(tagName)}/${encodeURIComponent(asset.name)}`;

/** A release's file as REST shows it: an attachment whose browser_download_url is the release's download link. */
export function toReleaseAsset(asset: RestAttachmentFragment & { externalUrl?: string | null }, urls: Urls, tagName: string): RestSchema<'Attachment'> {
  return { ...toAttachment(asset), browser_download_url: releaseAssetUrl(urls, tagName, asset) };
}

/** GraphQL Release → REST Release (Gitea's convert.ToAPIRelease); published_at is its creation, as in Gitea. */
export function toRelease(release: RestReleaseFragment, urls: Urls): RestSchema<'Release'> {
  return {
    id: release.databaseId,
    tag_name: release.tagName,
    target_commitish: release.target,
    name: release.title,
    body: release.note,
    url: `${urls.apiUrl}/releases/${release.databaseId}`,
    html_url: `${urls.htmlUrl}/releases/tag/${escapePath(release.tagName)}`,
    tarball_url: archiveHtmlUrl(urls.htmlUrl, `${release.tagName}.tar.gz`),
    zipball_url: archiveHtmlUrl(urls.htmlUrl, `${release.tagName}.zip`),
    upload_url: `${urls.apiUrl}/releases/${release.databaseId}/assets`,
    draft: release.isDraft,
    prerelease: release.isPrerelease,
    created_at: restTime(release.createdAt),
    published_at: restTime(release.createdAt),
    author: release.publisher ? toUser(release.publisher) : null,
    assets: release.assets.map((a) => toReleaseAsset(a, urls, release.tagName)),
  };
}

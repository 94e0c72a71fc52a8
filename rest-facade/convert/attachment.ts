import type { RestAttachmentFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/** GraphQL Attachment → REST Attachment (Gitea's convert.ToAPIAttachment for issue and comment files). */
export function toAttachment(attachment: RestAttachmentFragment): RestSchema<'Attachment'> {
  return {
    id: attachment.databaseId,
    name: attachment.name,
    size: attachment.size,
    download_count: attachment.downloadCount,
    created_at: restTime(attachment.createdAt),
    uuid: attachment.uuid,
    browser_download_url: attachment.downloadUrl,
  };
}

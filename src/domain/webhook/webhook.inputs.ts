import type { FieldTable, InputOf } from '../fields.ts';
import { HOOK_EVENT_MODES } from './webhook.rules.ts';

/** One config member of a hook type beyond url, content_type, secret and http_method (Slack's channel, ...). */
export const WEBHOOK_SETTING_FIELDS = {
  name: { kind: 'string', required: true, description: "The config member's name, as REST's config names it (channel, room_id, ...)." },
  value: { kind: 'string', required: true },
} as const satisfies FieldTable;

/** A webhook to create (REST: CreateHookOption, its config's members as fields). */
export const CREATE_WEBHOOK_FIELDS = {
  type: { kind: 'string', required: true, description: 'gitea or gogs (the payload itself), or a service: slack, discord, dingtalk, telegram, msteams, feishu, matrix, wechatwork, packagist.' },
  url: { kind: 'string', required: true, description: 'Where deliveries are sent: an http(s) URL.' },
  contentType: { kind: 'string', required: true, description: 'json or form (the payload as a form member `payload`).' },
  httpMethod: { kind: 'string', description: 'POST (the default) or GET, PUT, PATCH.' },
  secret: { kind: 'string', description: 'Key of the HMAC-SHA256 signature of each delivery\'s body.' },
  authorizationHeader: { kind: 'string', description: 'Sent as the Authorization header of each delivery.' },
  name: { kind: 'string', description: 'A name for people.' },
  eventMode: { kind: 'enum', values: HOOK_EVENT_MODES, description: "push_only, send_everything or choose_events (the default): Gitea's three modes." },
  events: {
    kind: 'string',
    list: true,
    description: "For choose_events: Gitea's event names as its API takes them (issues and pull_request choose their whole group, issues_only and pull_request_only the one event); none: push only.",
  },
  branchFilter: { kind: 'string', description: 'A glob of branch names a push or branch event must match; empty or * for all.' },
  active: { kind: 'boolean', description: 'Whether events are delivered (false when left out, as Gitea).' },
  settings: { kind: 'input', list: true, fields: WEBHOOK_SETTING_FIELDS, description: "The type's own config members; those the type does not take are ignored." },
} as const satisfies FieldTable;

export type CreateWebhookInput = InputOf<typeof CREATE_WEBHOOK_FIELDS>;

/** A change to a webhook: fields left out stay as they are. */
export const EDIT_WEBHOOK_FIELDS = {
  url: { kind: 'string', description: CREATE_WEBHOOK_FIELDS.url.description },
  contentType: { kind: 'string', description: CREATE_WEBHOOK_FIELDS.contentType.description },
  httpMethod: CREATE_WEBHOOK_FIELDS.httpMethod,
  secret: CREATE_WEBHOOK_FIELDS.secret,
  authorizationHeader: CREATE_WEBHOOK_FIELDS.authorizationHeader,
  name: CREATE_WEBHOOK_FIELDS.name,
  eventMode: { kind: 'enum', values: HOOK_EVENT_MODES, description: 'A new mode; left out with events given: choose_events.' },
  events: { kind: 'string', list: true, description: "Gitea's event names as for a create (replaces the choice; none: push only)." },
  branchFilter: CREATE_WEBHOOK_FIELDS.branchFilter,
  active: CREATE_WEBHOOK_FIELDS.active,
  settings: { kind: 'input', list: true, fields: WEBHOOK_SETTING_FIELDS, description: "The type's config members to change; the others stay." },
} as const satisfies FieldTable;

export type EditWebhookInput = InputOf<typeof EDIT_WEBHOOK_FIELDS>;

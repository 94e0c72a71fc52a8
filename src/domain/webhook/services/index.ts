import { dingtalk } from './dingtalk.ts';
import { discord } from './discord.ts';
import { feishu } from './feishu.ts';
import { matrix } from './matrix.ts';
import type { GiteaPayload } from './messages.ts';
import { msteams } from './msteams.ts';
import { packagist } from './packagist.ts';
import type { HookService, SettingRule } from './service.ts';
import { slack } from './slack.ts';
import { telegram } from './telegram.ts';
import { wechatwork } from './wechatwork.ts';

export type { HookService, SettingRule };

/** The chat and service hook types, by Gitea's type names; gitea and gogs send the payload itself. */
export const HOOK_SERVICES: Readonly<Record<string, HookService>> = { slack, discord, dingtalk, telegram, msteams, feishu, matrix, wechatwork, packagist };

/** The request of one delivery, as sent: method, URL, body and its content type; null when the hook's type does not send this event. */
export interface OutgoingRequest {
  method: string;
  url: string;
  body: string;
  contentType: string;
}

interface HookLike {
  type: string;
  url: string;
  httpMethod: string;
  contentType: string;
  meta: string;
}

/** A hook's stored settings. */
export const hookSettings = (hook: Pick<HookLike, 'meta'>): Record<string, string> => JSON.parse(hook.meta || '{}') as Record<string, string>;

/**
 * The request a delivery makes: gitea and gogs send the stored payload (JSON, or the form member `payload`); the
 * other types send their service's message. Gitea does not send a push without commits to the services (a pushed
 * tag, a branch made at an existing commit): neither does Graft.
 */
export function hookRequest(hook: HookLike, task: { event: string; eventType: string; payload: string }): OutgoingRequest | null {
  const service = HOOK_SERVICES[hook.type];
  if (!service) {
    const form = hook.contentType === 'form';
    return {
      method: hook.httpMethod,
      url: hook.url,
      body: form ? new URLSearchParams({ payload: task.payload }).toString() : task.payload,
      contentType: form ? 'application/x-www-form-urlencoded' : 'application/json',
    };
  }
  const payload = JSON.parse(task.payload) as GiteaPayload;
  if ((task.eventType === 'push' || task.event === 'push') && (payload.commits ?? []).length === 0) return null;
  const made = service.request({ url: hook.url, method: hook.httpMethod, settings: hookSettings(hook), event: task.event, eventType: task.eventType, payload });
  return made && { method: made.method, url: made.url, body: JSON.stringify(made.body), contentType: 'application/json' };
}

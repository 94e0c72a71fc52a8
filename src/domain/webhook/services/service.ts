import type { GiteaPayload } from './messages.ts';

/**
 * A chat or service hook type (Gitea's services/webhook/<type>.go): the config members it takes beyond url,
 * content_type, secret and http_method, and how a delivery's Gitea payload becomes the request its API expects.
 * A new type is one file that exports such a service, listed in index.ts.
 */
export interface HookService {
  /** The type's config members, as REST's config takes them (Gitea's names). */
  settings: readonly SettingRule[];
  /** The request of one delivery; null when the service has nothing to say about the event (it is not sent). */
  request(delivery: Delivery): ServiceRequest | null;
}

export interface SettingRule {
  name: string;
  /** A create without it is 422 ("missing config option"). */
  required?: boolean;
  /** Never answered back (tokens). */
  secret?: boolean;
  /** The value as stored; throws a DomainError for a value the service cannot use. */
  normalize?: (value: string) => string;
}

/** What a converter reads: the hook's url, method and settings, and the stored delivery. */
export interface Delivery {
  url: string;
  method: string;
  settings: Readonly<Record<string, string>>;
  event: string;
  eventType: string;
  payload: GiteaPayload;
}

export interface ServiceRequest {
  method: string;
  url: string;
  /** A JSON document (every service takes JSON). */
  body: unknown;
}

/** Sets query parameters on a URL (those with an empty value are left out). */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v) u.searchParams.set(k, v);
  return u.toString();
}

/** A hex colour as Slack and MS Teams take it. */
export const hexColor = (color: number) => color.toString(16).padStart(6, '0');

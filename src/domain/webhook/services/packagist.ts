import { kindOf } from './messages.ts';
import { withQuery, type HookService } from './service.ts';

/**
 * Packagist's update-package API (Gitea's packagist.go): a push asks Packagist to read package_url again; no other
 * event means anything to it, so they are not sent. username and api_token, when given, go in the url's query as
 * Packagist takes them.
 */
export const packagist: HookService = {
  settings: [{ name: 'username' }, { name: 'api_token', secret: true }, { name: 'package_url', required: true }],
  request({ url, method, settings, event, eventType }) {
    if (kindOf(eventType, event) !== 'push') return null;
    return {
      method,
      url: withQuery(url, { username: settings.username, apiToken: settings.api_token }),
      body: { repository: { url: settings.package_url ?? '' } },
    };
  },
};

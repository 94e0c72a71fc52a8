import type { RestSchema } from './shape.ts';

type AccessLevelName = RestSchema<'AccessLevelName'>;

const ACCESS_LEVELS: ReadonlySet<string> = new Set<AccessLevelName>(['none', 'read', 'write', 'admin', 'owner']);

const isAccessLevelName = (level: string): level is AccessLevelName => ACCESS_LEVELS.has(level);

/**
 * An access level as REST names it. GraphQL types levels as strings, the REST document as an enum: a level
 * outside it would be a bug of the access model, so it fails loudly instead of reaching a client.
 */
export function accessLevelName(level: string): AccessLevelName {
  if (!isAccessLevelName(level)) throw new Error(`"${level}" is not an access level`);
  return level;
}

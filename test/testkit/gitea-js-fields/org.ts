import type { Organization, OrganizationPermissions } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const ORGANIZATION: FieldsOf<Organization> = {
  avatar_url: 'value',
  description: 'value',
  email: 'value',
  full_name: 'value',
  id: 'value',
  location: 'value',
  name: 'value',
  repo_admin_change_team_access: 'value',
  username: 'value',
  visibility: 'value',
  website: 'value',
};

export const ORGANIZATION_PERMISSIONS: FieldsOf<OrganizationPermissions> = {
  can_create_repository: 'value',
  can_read: 'value',
  can_write: 'value',
  is_admin: 'value',
  is_owner: 'value',
};

import type { Email } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** gitea-js's Email, as Gitea's modules/structs sends it (see user.ts for the convention). */
export const EMAIL: FieldsOf<Email> = { email: 'value', primary: 'value', user_id: 'value', username: 'value', verified: 'value' };

import { anonymousViewer } from '../../auth/viewer.ts';
import type { ServiceContext } from '../../services.ts';
import { createUser, findUserByLogin } from './user.service.ts';

/** On start: when GRAFT_ADMIN_USERNAME, _PASSWORD and _EMAIL are all set and no such account exists, create it as a site admin. */
export async function ensureInitialAdmin(ctx: Omit<ServiceContext, 'viewer'>): Promise<void> {
  const { USERNAME, PASSWORD, EMAIL } = ctx.config.admin;
  if (!USERNAME || !PASSWORD || !EMAIL) return;
  if (await findUserByLogin(ctx, USERNAME)) return;
  await createUser({ ...ctx, viewer: anonymousViewer }, { login: USERNAME, password: PASSWORD, email: EMAIL, isAdmin: true }, { system: true });
  if (ctx.config.log.LEVEL !== 'silent') console.log(`created site administrator "${USERNAME}"`);
}

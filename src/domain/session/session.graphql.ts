import { builder } from '../../graphql/builder.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as sessions from './session.service.ts';
import type { User } from '../../db/models.ts';

type SignInOutcome = { user: User | null; passcodeRequired: boolean };

const SignInPayload = builder.objectRef<SignInOutcome>('SignInPayload');
SignInPayload.implement({
  description: 'The outcome of a sign-in: the account, or a request for its two-factor passcode.',
  fields: (t) => ({
    viewer: t.field({ type: UserRef, nullable: true, resolve: (o) => o.user }),
    passcodeRequired: t.exposeBoolean('passcodeRequired', { description: 'The password was right; send it again with the passcode.' }),
  }),
});

builder.mutationFields((t) => ({
  signIn: t.field({
    type: SignInPayload,
    description:
      "Starts a web session: sets the browser's session cookie (HttpOnly) and CSRF cookie. Only over HTTP, from the web interface.",
    args: {
      login: t.arg.string({ required: true, description: 'User name or e-mail address.' }),
      password: t.arg.string({ required: true }),
      passcode: t.arg.string({ description: 'The two-factor passcode, for accounts that have it on.' }),
      remember: t.arg.boolean({ description: 'Keep me signed in: the cookie outlives the browser (31 days).' }),
    },
    resolve: async (_root, args, ctx) => {
      if (!ctx.browser) throw badRequest('signing in needs an HTTP request, whose answer sets the cookie');
      if (!ctx.browser.preflighted) throw forbidden('sign in with a JSON request, as the sign-in page does');
      const result = await sessions.signIn(ctx, args);
      if (result.kind === 'passcode-required') return { user: null, passcodeRequired: true };
      ctx.browser.startSession(result.secret, result.session.csrfToken, result.session.expiresAt, result.session.remember);
      return { user: result.user, passcodeRequired: false };
    },
  }),
  signOut: t.boolean({
    description: "Ends the browser's web session everywhere and clears its cookies; true when a session ended.",
    resolve: async (_root, _args, ctx) => {
      ctx.browser?.endSession();
      const session = ctx.viewer.session;
      if (!session) return false;
      await sessions.signOut(ctx.db, session.id);
      await ctx.events.publish('session.ended', { userId: ctx.viewer.user!.id });
      return true;
    },
  }),
}));


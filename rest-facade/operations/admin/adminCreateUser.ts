import { AdminCreateUserDocument } from '../../__generated__/graphql.ts';
import { visibilityOption } from '../../lenient.ts';
import { toUser } from '../../convert/user.ts';
import { created, defineOperation } from '../../operation.ts';

export const adminCreateUser = defineOperation({
  operationId: 'adminCreateUser',
  document: AdminCreateUserDocument,
  variables: ({ body }) => ({
    input: {
      login: body.username,
      email: body.email,
      password: body.password,
      fullName: body.full_name,
      loginName: body.login_name,
      sourceId: body.source_id,
      mustChangePassword: body.must_change_password,
      restricted: body.restricted,
      visibility: visibilityOption(body.visibility),
      createdAt: body.created_at,
    },
  }),
  reply: ({ createUser }) => created(toUser(createUser)),
});

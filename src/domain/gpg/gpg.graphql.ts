import type { GpgKey } from '../../db/models.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import { noSigningKey, publicSigningKey } from './gpg.instance-key.ts';
import { ADD_GPG_KEY_FIELDS, VERIFY_GPG_KEY_FIELDS } from './gpg.inputs.ts';
import * as gpg from './gpg.service.ts';

const AddGpgKeyInput = inputFromTable('AddGpgKeyInput', ADD_GPG_KEY_FIELDS);
const VerifyGpgKeyInput = inputFromTable('VerifyGpgKeyInput', VERIFY_GPG_KEY_FIELDS);

const GpgKeyEmail = builder.objectRef<{ email: string; verified: boolean }>('GpgKeyEmail').implement({
  description: "An address of a GPG key that is a verified address of the key's account.",
  fields: (t) => ({ email: t.exposeString('email'), verified: t.exposeBoolean('verified') }),
});

export const GpgKeyRef = builder.objectRef<GpgKey>('GpgKey');

GpgKeyRef.implement({
  description: 'A GPG key of an account (a primary key, or one of its subkeys), as openpgp read it.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    keyId: t.exposeString('keyId', { description: 'The key id: 16 upper-case hex digits.' }),
    primaryKeyId: t.exposeString('primaryKeyId', { description: "For a subkey, its primary key's id; empty for a primary key." }),
    publicKey: t.exposeString('packet', { description: "The key's public packet, base64." }),
    emails: t.field({
      type: [GpgKeyEmail],
      description: "The key's addresses that were verified addresses of the account when it was added (none for subkeys).",
      resolve: (k) => gpg.emailsOf(k).map((email) => ({ email, verified: true })),
    }),
    subkeys: t.field({
      type: [GpgKeyRef],
      description: 'The subkeys of a primary key (loaded for all keys of a list together); none for a subkey.',
      resolve: (k, _args, ctx) => (k.primaryKeyId ? [] : ctx.loaders.gpgSubkeys.load(k)),
    }),
    canSign: t.exposeBoolean('canSign'),
    canEncryptComms: t.exposeBoolean('canEncryptComms'),
    canEncryptStorage: t.exposeBoolean('canEncryptStorage'),
    canCertify: t.exposeBoolean('canCertify'),
    verified: t.exposeBoolean('verified', { description: 'Whether the account proved it holds the key by signing its verification token.' }),
    createdAt: t.expose('keyCreatedAt', { type: 'DateTime', description: 'When the key was made, as the key says.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'When the key expires; null when it never does.' }),
    addedAt: t.expose('createdAt', { type: 'DateTime', description: 'When the key was added to the account.' }),
  }),
});

const GpgKeyConnection = builder.connectionObject({
  type: GpgKeyRef,
  name: 'GpgKeyConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(UserRef, (t) => ({
  gpgKeys: t.connection(
    {
      type: GpgKeyRef,
      tokenScope: 'read:user',
      description: "The account's GPG keys (primary keys, with their subkeys), oldest first.",
      complexity: connectionComplexity,
      resolve: (user, page, ctx) => offsetConnection(page, (window) => gpg.listGpgKeys(ctx, user, window)),
    },
    GpgKeyConnection,
  ),
}));

builder.queryFields((t) => ({
  gpgKey: t.field({
    type: GpgKeyRef,
    nullable: true,
    tokenScope: 'read:user',
    description: "One of the caller's GPG keys by its databaseId; null when the caller has none such.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, { id }, ctx) => lookup(ctx, () => gpg.getGpgKey(ctx, id), () => `GPG key ${id} does not exist`),
  }),
  gpgKeyVerificationToken: t.string({
    tokenScope: 'read:user',
    description: "The text the caller signs (a detached, armored signature) to prove it holds a GPG key; it changes every minute.",
    resolve: (_root, _args, ctx) => gpg.currentVerificationToken(ctx),
  }),
}));

const SigningKeyFormat = builder.enumType('SigningKeyFormat', {
  description: "The format of the instance's signing key (SIGNING_FORMAT).",
  values: ['openpgp', 'ssh'] as const,
});

builder.queryFields((t) => ({
  signingKey: t.string({
    nullable: true,
    description:
      "The instance's public signing key, which signs the commits Graft makes: the armored OpenPGP public key, or the SSH " +
      'public key line; null when there is none, or it is of the other format.',
    args: { format: t.arg({ type: SigningKeyFormat, required: true }) },
    resolve: (_root, { format }, ctx) => lookup(ctx, () => publicSigningKey(ctx.config, format), () => noSigningKey(ctx.config, format)),
  }),
}));

builder.objectFields(RepositoryRef, (t) => ({
  signingKey: t.string({
    nullable: true,
    description: "The public key that signs the commits Graft makes in this repository: the instance's (see Query.signingKey).",
    args: { format: t.arg({ type: SigningKeyFormat, required: true }) },
    resolve: (_repo, { format }, ctx) => lookup(ctx, () => publicSigningKey(ctx.config, format), () => noSigningKey(ctx.config, format)),
  }),
}));

builder.mutationFields((t) => ({
  addGpgKey: t.field({
    type: GpgKeyRef,
    tokenScope: 'write:user',
    description:
      "Adds the GPG keys of an armored block to the caller's account and answers the first. A key needs an address that is a verified address of the account (NOT_FOUND otherwise), unless armoredSignature signs the verification token with it.",
    args: { input: t.arg({ type: AddGpgKeyInput, required: true }) },
    resolve: (_root, { input }, ctx) => gpg.addGpgKey(ctx, input),
  }),
  verifyGpgKey: t.field({
    type: GpgKeyRef,
    tokenScope: 'write:user',
    description: "Marks one of the caller's GPG keys verified, given its signature of the verification token.",
    args: { input: t.arg({ type: VerifyGpgKeyInput, required: true }) },
    resolve: (_root, { input }, ctx) => gpg.verifyGpgKey(ctx, input),
  }),
  deleteGpgKey: t.boolean({
    tokenScope: 'write:user',
    description: "Deletes a GPG key with its subkeys: the caller's own (site admins: any).",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await gpg.deleteGpgKey(ctx, id);
      return true;
    },
  }),
}));

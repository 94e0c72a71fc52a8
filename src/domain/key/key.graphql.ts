import type { PublicKey } from '../../db/models.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import { ADD_DEPLOY_KEY_FIELDS, ADD_DEPLOY_TOKEN_FIELDS, ADD_PUBLIC_KEY_FIELDS, DEPLOY_KEY_FILTER_FIELDS } from './key.inputs.ts';
import * as keys from './key.service.ts';

const AddPublicKeyInput = inputFromTable('AddPublicKeyInput', ADD_PUBLIC_KEY_FIELDS);
const AddDeployKeyInput = inputFromTable('AddDeployKeyInput', ADD_DEPLOY_KEY_FIELDS);
const AddDeployTokenInput = inputFromTable('AddDeployTokenInput', ADD_DEPLOY_TOKEN_FIELDS);
const DeployKeyFilterInput = inputFromTable('DeployKeyFilter', DEPLOY_KEY_FILTER_FIELDS);

const PublicKeyKind = builder.enumType('PublicKeyKind', {
  description: "An account's key (USER) or the key of deploy keys (DEPLOY).",
  values: ['USER', 'DEPLOY'] as const,
});

export const PublicKeyRef = builder.objectRef<PublicKey>('PublicKey').implement({
  description: 'An SSH public key, as ssh-keygen read it.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('name'),
    key: t.exposeString('content', { description: 'The key as added: "<algorithm> <base64> [comment]".' }),
    fingerprint: t.exposeString('fingerprint', { description: 'SHA256:… as ssh-keygen prints it.' }),
    algorithm: t.exposeString('algorithm', { description: 'ed25519, ecdsa, rsa, … (lower case).' }),
    bits: t.exposeInt('bits'),
    kind: t.field({ type: PublicKeyKind, resolve: (k) => (k.type === keys.DEPLOY_KEY ? 'DEPLOY' : 'USER') }),
    readOnly: t.exposeBoolean('readOnly', { description: 'For the key of deploy keys: whether it was first added read-only. False for accounts\' keys.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    viewerCanManage: t.boolean({
      description: 'Whether the viewer is the key\'s owner or a site admin: those see its kind, owner and read-only flag over REST.',
      resolve: (k, _args, ctx) => keys.viewerManagesKey(ctx, k),
    }),
    owner: t.field({
      type: UserRef,
      nullable: true,
      description: 'The account whose key it is; null for the key of deploy keys.',
      resolve: (k, _args, ctx) => (k.ownerId === null ? null : ctx.loaders.userById.load(k.ownerId)),
    }),
  }),
});

const PublicKeyConnection = builder.connectionObject({
  type: PublicKeyRef,
  name: 'PublicKeyConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

export const DeployKeyRef = builder.objectRef<keys.DeployKeyView>('DeployKey').implement({
  description: "A repository's deploy key: an SSH key, or a token for git over HTTP, that reads (and, unless read-only, writes) the repository's code.",
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.deployKey.id }),
    keyId: t.int({ description: 'The databaseId of its public key, which repositories holding the same key share; 0 for a token.', resolve: (v) => v.deployKey.keyId ?? 0 }),
    title: t.string({ resolve: (v) => v.deployKey.name }),
    key: t.string({ description: 'The SSH key; empty for a token.', resolve: (v) => v.deployKey.key?.content ?? '' }),
    keyType: t.string({ description: '"ssh" for an SSH key, "token" for a deploy token (git over HTTP).', resolve: (v) => v.deployKey.keyType }),
    token: t.string({ nullable: true, description: "A deploy token's secret: in the answer that created it, never again.", resolve: (v) => v.token ?? null }),
    fingerprint: t.string({ resolve: (v) => v.deployKey.fingerprint }),
    readOnly: t.boolean({ resolve: (v) => v.deployKey.readOnly }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.deployKey.createdAt }),
    repository: t.field({ type: RepositoryRef, resolve: (v) => v.repo }),
  }),
});

const DeployKeyConnection = builder.connectionObject({
  type: DeployKeyRef,
  name: 'DeployKeyConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(UserRef, (t) => ({
  publicKeys: t.connection(
    {
      type: PublicKeyRef,
      tokenScope: 'read:user',
      description: "The account's SSH keys, oldest first; with a fingerprint, only the key that has it.",
      complexity: connectionComplexity,
      args: { fingerprint: t.arg.string() },
      resolve: (user, { fingerprint, ...page }, ctx) => offsetConnection(page, (window) => keys.listUserKeys(ctx, user, window, fingerprint)),
    },
    PublicKeyConnection,
  ),
}));

builder.objectFields(RepositoryRef, (t) => ({
  deployKeys: t.connection(
    {
      type: DeployKeyRef,
      tokenScope: 'read:repository',
      description: "The repository's deploy keys, oldest first; for its admins only (FORBIDDEN otherwise).",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: DeployKeyFilterInput }) },
      resolve: async (repo, { filter, ...page }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => keys.listDeployKeys(ctx, full, window, filter ?? {}));
      },
    },
    DeployKeyConnection,
  ),
  deployKey: t.field({
    type: DeployKeyRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'One deploy key of the repository, by its databaseId; null when it has none such. For its admins only.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (repo, { id }, ctx) => {
      const full = await withOwner(ctx, repo);
      return lookup(ctx, () => keys.getDeployKey(ctx, full, id), () => `deploy key ${id} does not exist`);
    },
  }),
}));

builder.queryFields((t) => ({
  publicKey: t.field({
    type: PublicKeyRef,
    nullable: true,
    tokenScope: 'read:user',
    description: 'An SSH key by its databaseId, for signed-in callers (as Gitea answers any key by id); null when there is none.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, { id }, ctx) => lookup(ctx, () => keys.getPublicKey(ctx, id), () => `public key ${id} does not exist`),
  }),
  publicKeysByFingerprint: t.connection(
    {
      type: PublicKeyRef,
      tokenScope: 'read:user',
      description: "The SSH keys with a fingerprint, whoever holds them (accounts' keys and deploy keys), for signed-in callers.",
      complexity: connectionComplexity,
      args: { fingerprint: t.arg.string({ required: true }) },
      resolve: (_root, { fingerprint, ...page }, ctx) => offsetConnection(page, (window) => keys.searchKeysByFingerprint(ctx, fingerprint, window)),
    },
    PublicKeyConnection,
  ),
}));

builder.mutationFields((t) => {
  const repoArgs = () => ({ owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) });
  return {
    addPublicKey: t.field({
      type: PublicKeyRef,
      tokenScope: 'write:user',
      description: "Adds an SSH key to the caller's account, or (login) to an account the caller is or, as site admin, any account.",
      args: { login: t.arg.string(), input: t.arg({ type: AddPublicKeyInput, required: true }) },
      resolve: (_root, { login, input }, ctx) => keys.addPublicKey(ctx, login, input),
    }),
    deletePublicKey: t.boolean({
      tokenScope: 'write:user',
      description:
        "Deletes an account's SSH key. The account acting is the caller, or the account named by login (site admins): it must own the key or be a site admin.",
      args: { login: t.arg.string(), id: t.arg.int({ required: true }) },
      resolve: async (_root, { login, id }, ctx) => {
        await keys.deletePublicKey(ctx, login, id);
        return true;
      },
    }),
    addDeployKey: t.field({
      type: DeployKeyRef,
      tokenScope: 'write:repository',
      description: "Adds a deploy key to a repository (its admins only); an account's key cannot be one.",
      args: { ...repoArgs(), input: t.arg({ type: AddDeployKeyInput, required: true }) },
      resolve: (_root, { owner, name, input }, ctx) => keys.addDeployKey(ctx, owner, name, input),
    }),
    addDeployToken: t.field({
      type: DeployKeyRef,
      tokenScope: 'write:repository',
      description: "Adds a deploy token to a repository (its admins only): a secret for git over HTTP, this repository's alone; `token` holds it in this answer only.",
      args: { ...repoArgs(), input: t.arg({ type: AddDeployTokenInput, required: true }) },
      resolve: (_root, { owner, name, input }, ctx) => keys.addDeployToken(ctx, owner, name, input),
    }),
    deleteDeployKey: t.boolean({
      tokenScope: 'write:repository',
      description: 'Removes a deploy key from a repository (its admins only).',
      args: { ...repoArgs(), id: t.arg.int({ required: true }) },
      resolve: async (_root, { owner, name, id }, ctx) => {
        await keys.deleteDeployKey(ctx, owner, name, id);
        return true;
      },
    }),
  };
});

import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';

/** The algorithm of ID and refresh tokens (Gitea's default JWT_SIGNING_ALGORITHM). */
export const SIGNING_ALGORITHM = 'RS256';

export interface SigningKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
}

/** One key per database, read (or made) once per process. */
const loaded = new WeakMap<object, Promise<SigningKey>>();

/**
 * The provider's signing key: a row of the database, so that every instance signs with the same key and tokens
 * outlive restarts. The first instance to need it makes it; should two race, both use the oldest row.
 */
export function signingKey(db: Db): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadOrCreate(db);
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

async function loadOrCreate(db: Db): Promise<SigningKey> {
  let row = await db.oAuth2SigningKey.findFirst({ orderBy: { id: 'asc' } });
  if (!row) {
    const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true, modulusLength: 2048 });
    await db.oAuth2SigningKey.create({ data: { privateJwk: JSON.stringify(await exportJWK(privateKey)) } });
    row = (await db.oAuth2SigningKey.findFirst({ orderBy: { id: 'asc' } }))!;
  }
  const privateJwk = JSON.parse(row.privateJwk) as JWK;
  const { kty, n, e } = privateJwk;
  const kid = await calculateJwkThumbprint({ kty, n, e });
  const publicJwk: JWK = { kty, n, e, kid, use: 'sig', alg: SIGNING_ALGORITHM };
  const privateKey = (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, SIGNING_ALGORITHM)) as CryptoKey;
  return { privateKey, publicKey, publicJwk, kid };
}

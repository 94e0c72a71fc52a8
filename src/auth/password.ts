import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const KEY_LENGTH = 32;

/** A slow, salted hash: `scrypt$<N>$<salt b64>$<key b64>`. N is stored so the cost can rise later. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 });
  return `scrypt$${cost}$${salt.toString('base64')}$${key.toString('base64')}`;
}

let verifications = 0;
/** How many passwords this process has hashed to verify them: lets tests prove a cache hit costs none. */
export const passwordVerifications = () => verifications;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  verifications++;
  const [algo, n, salt, key] = stored.split('$');
  if (algo !== 'scrypt' || !n || !salt || !key) return false;
  const cost = Number(n);
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 });
  return timingSafeEqual(actual, expected);
}

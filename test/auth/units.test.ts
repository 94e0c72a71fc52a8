import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { grants, hasAnyPermission, parseScopes, scopeNames, SCOPE_CATEGORIES } from '../../src/auth/scopes.ts';
import { looksLikeToken, newTokenSecret, tokenDigest } from '../../src/auth/token-secret.ts';
import { newTotpSecret, totpCode, totpUri, verifyTotp } from '../../src/auth/totp.ts';
import { isDomainError } from '../../src/errors.ts';

/** RFC 4648 base32 of ASCII "12345678901234567890", the RFC 6238 SHA-1 test key. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

function assertBadRequest(fn: () => unknown, pattern: RegExp) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(isDomainError(err), `expected a domain error, got ${String(err)}`);
    assert.equal(err.kind, 'BAD_REQUEST');
    assert.match(err.message, pattern);
    return true;
  });
}

describe('parseScopes and scopeNames', () => {
  it('grants write on every category for the scope "all"', () => {
    const grant = parseScopes(['all']);
    for (const category of SCOPE_CATEGORIES) assert.equal(grant.levels[category], 'write', category);
    assert.equal(grant.publicOnly, false);
  });

  it('reads a read: or write: scope as that level on that category only', () => {
    const grant = parseScopes(['read:issue', 'write:repository']);
    assert.deepEqual(grant.levels, { issue: 'read', repository: 'write' });
    assert.equal(grant.publicOnly, false);
  });

  it('accepts read and write for each of the nine categories', () => {
    assert.deepEqual(
      [...SCOPE_CATEGORIES].sort(),
      ['activitypub', 'admin', 'issue', 'misc', 'notification', 'organization', 'package', 'repository', 'user'],
    );
    for (const category of SCOPE_CATEGORIES) {
      assert.deepEqual(parseScopes([`read:${category}`]).levels, { [category]: 'read' });
      assert.deepEqual(parseScopes([`write:${category}`]).levels, { [category]: 'write' });
    }
  });

  it('keeps the stronger level when read and write of one category are both given, in either order', () => {
    assert.deepEqual(parseScopes(['read:user', 'write:user']).levels, { user: 'write' });
    assert.deepEqual(parseScopes(['write:user', 'read:user']).levels, { user: 'write' });
  });

  it('splits comma-separated scope lists and ignores surrounding spaces and empty entries', () => {
    const grant = parseScopes(['read:user, write:admin', '', ' public-only ']);
    assert.deepEqual(grant.levels, { user: 'read', admin: 'write' });
    assert.equal(grant.publicOnly, true);
  });

  it('marks a grant public-only without granting any category', () => {
    const grant = parseScopes(['public-only']);
    assert.equal(grant.publicOnly, true);
    assert.deepEqual(grant.levels, {});
    assert.equal(hasAnyPermission(grant), false);
    assert.equal(hasAnyPermission(parseScopes(['public-only', 'read:misc'])), true);
  });

  it('rejects unknown scope names with a bad-request error naming the scope', () => {
    assertBadRequest(() => parseScopes(['write:everything']), /write:everything/);
    assertBadRequest(() => parseScopes(['delete:user']), /delete:user/);
    assertBadRequest(() => parseScopes(['read:']), /read:/);
    assertBadRequest(() => parseScopes(['repo']), /repo/);
    assertBadRequest(() => parseScopes(['READ:USER']), /READ:USER/);
  });

  it('names a grant canonically: one entry per category in category order, "all" for everything, public-only last', () => {
    assert.deepEqual(scopeNames(parseScopes(['write:user', 'read:admin', 'read:issue'])), ['read:admin', 'read:issue', 'write:user']);
    assert.deepEqual(scopeNames(parseScopes(SCOPE_CATEGORIES.map((c) => `write:${c}`))), ['all']);
    assert.deepEqual(scopeNames(parseScopes(['public-only', 'all'])), ['all', 'public-only']);
    assert.deepEqual(scopeNames(parseScopes(['read:user', 'write:user'])), ['write:user']);
  });

  it('does not call a grant "all" when every category is only readable', () => {
    const names = scopeNames(parseScopes(SCOPE_CATEGORIES.map((c) => `read:${c}`)));
    assert.equal(names.includes('all'), false);
    assert.equal(names.length, SCOPE_CATEGORIES.length);
  });

  it('round-trips: parsing the canonical names gives the same grant', () => {
    for (const scopes of [['all'], ['read:user', 'public-only'], ['write:admin', 'read:package', 'write:misc']]) {
      const grant = parseScopes(scopes);
      assert.deepEqual(parseScopes(scopeNames(grant)), grant);
    }
  });

  it('lets write imply read, but not read imply write, and grants nothing for other categories', () => {
    const grant = parseScopes(['write:user', 'read:admin']);
    assert.equal(grants(grant, 'user', 'read'), true);
    assert.equal(grants(grant, 'user', 'write'), true);
    assert.equal(grants(grant, 'admin', 'read'), true);
    assert.equal(grants(grant, 'admin', 'write'), false);
    assert.equal(grants(grant, 'repository', 'read'), false);
  });
});

describe('TOTP', () => {
  it('computes the RFC 6238 SHA-1 test vectors, truncated to six digits', () => {
    // RFC 6238 appendix B, SHA-1, 8 digits: 94287082, 07081804, 14050471, 89005924, 69279037, 65353130.
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
      [20000000000, '353130'],
    ];
    for (const [seconds, code] of vectors) assert.equal(totpCode(RFC_SECRET, seconds * 1000), code, `T=${seconds}`);
  });

  it('changes code every 30 seconds', () => {
    assert.equal(totpCode(RFC_SECRET, 30_000), totpCode(RFC_SECRET, 59_999));
    assert.notEqual(totpCode(RFC_SECRET, 29_999), totpCode(RFC_SECRET, 30_000));
  });

  it('accepts the current code and the codes of one step either side, for clock drift', () => {
    const now = 1_700_000_000_000;
    assert.equal(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now), true);
    assert.equal(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now), true);
    assert.equal(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now), true);
  });

  it('refuses expired codes, such as one from ten minutes ago', () => {
    const now = 1_700_000_000_000;
    assert.equal(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 10 * 60_000), now), false);
    assert.equal(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 90_000), now), false);
  });

  it('refuses codes that are not exactly six digits', () => {
    const now = 1_700_000_000_000;
    const code = totpCode(RFC_SECRET, now);
    for (const bad of ['', code.slice(1), `${code}0`, `${code.slice(0, 5)}a`, ` ${code}`, '94287082']) {
      assert.equal(verifyTotp(RFC_SECRET, bad, now), false, JSON.stringify(bad));
    }
  });

  it('makes new secrets of 160 bits in base32, different every time', () => {
    const a = newTotpSecret();
    const b = newTotpSecret();
    assert.match(a, /^[A-Z2-7]{32}$/);
    assert.notEqual(a, b);
    // A fresh secret produces codes that verify against itself.
    assert.equal(verifyTotp(a, totpCode(a)), true);
  });

  it('builds an otpauth URI carrying the secret, the account and the issuer', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'alice'));
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.searchParams.get('secret'), RFC_SECRET);
    assert.equal(uri.searchParams.get('issuer'), 'Graft');
    assert.match(decodeURIComponent(uri.pathname), /Graft:alice$/);
  });
});

describe('token secrets', () => {
  it('makes secrets of 40 lower-case hex characters that look like tokens, different every time', () => {
    const a = newTokenSecret();
    assert.match(a, /^[0-9a-f]{40}$/);
    assert.equal(looksLikeToken(a), true);
    assert.notEqual(a, newTokenSecret());
  });

  it('does not take passwords or malformed secrets for tokens', () => {
    assert.equal(looksLikeToken('pw-alice-secret'), false);
    assert.equal(looksLikeToken('a'.repeat(39)), false);
    assert.equal(looksLikeToken('a'.repeat(41)), false);
    assert.equal(looksLikeToken('A'.repeat(40)), false);
  });

  it('stores a SHA-256 digest of the secret, never the secret itself', () => {
    const secret = newTokenSecret();
    assert.equal(tokenDigest(secret), createHash('sha256').update(secret).digest('hex'));
    assert.notEqual(tokenDigest(secret), secret);
  });
});

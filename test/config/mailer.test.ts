import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, durationMs, loadConfig } from '../../src/config/load.ts';
import { envelopeFrom, transportOptions } from '../../src/domain/mail/mail.rules.ts';

const load = (env: NodeJS.ProcessEnv) => loadConfig({ env, file: null });

describe('configuration of e-mail', () => {
  it('keeps mail off by default: mailer.ENABLED and service.ENABLE_NOTIFY_MAIL are false', () => {
    const config = load({});
    assert.equal(config.mailer.ENABLED, false);
    assert.equal(config.service.ENABLE_NOTIFY_MAIL, false);
    assert.equal(config.mailer.PROTOCOL, '');
  });

  it("reads Gitea's [mailer] keys from the environment", () => {
    const config = load({
      GRAFT__mailer__ENABLED: 'true',
      GRAFT__mailer__PROTOCOL: 'smtps',
      GRAFT__mailer__SMTP_ADDR: 'mail.example.org',
      GRAFT__mailer__SMTP_PORT: '2465',
      GRAFT__mailer__USER: 'forge',
      GRAFT__mailer__PASSWD: 'pw',
      GRAFT__mailer__FROM: 'Forge <forge@example.org>',
      GRAFT__mailer__ENVELOPE_FROM: 'bounces@example.org',
      GRAFT__mailer__SUBJECT_PREFIX: '[forge]',
      GRAFT__mailer__FORCE_TRUST_SERVER_CERT: 'true',
      GRAFT__mailer__SEND_AS_PLAIN_TEXT: '1',
      GRAFT__service__ENABLE_NOTIFY_MAIL: 'true',
    });
    assert.equal(config.mailer.SMTP_PORT, 2465);
    assert.equal(config.mailer.SEND_AS_PLAIN_TEXT, true);
    assert.equal(config.service.ENABLE_NOTIFY_MAIL, true);
    const transport = transportOptions(config.mailer);
    assert.equal(transport.secure, true);
    assert.deepEqual(transport.auth, { user: 'forge', pass: 'pw' });
    assert.equal(transport.tls.rejectUnauthorized, false);
    assert.equal(envelopeFrom(config.mailer), 'bounces@example.org');
  });

  it('infers the protocol from the port and the port from the protocol, as Gitea does', () => {
    const base = { GRAFT__mailer__SMTP_ADDR: 'mx' };
    assert.equal(transportOptions(load({ ...base, GRAFT__mailer__SMTP_PORT: '465' }).mailer).protocol, 'smtps');
    assert.equal(transportOptions(load({ ...base, GRAFT__mailer__SMTP_PORT: '587' }).mailer).requireTLS, true);
    assert.equal(transportOptions(load({ ...base, GRAFT__mailer__PROTOCOL: 'smtp+starttls' }).mailer).port, 587);
    assert.equal(transportOptions(load({ ...base, GRAFT__mailer__PROTOCOL: 'smtp' }).mailer).port, 25);
  });

  it('takes the envelope sender from FROM, or none with "<>"', () => {
    assert.equal(envelopeFrom(load({ GRAFT__mailer__FROM: 'Forge <forge@example.org>' }).mailer), 'forge@example.org');
    assert.equal(envelopeFrom(load({ GRAFT__mailer__FROM: 'forge@example.org', GRAFT__mailer__ENVELOPE_FROM: '<>' }).mailer), '');
  });

  it('refuses an unknown protocol, and an enabled mailer without a sender address or a server', () => {
    assert.throws(() => load({ GRAFT__mailer__PROTOCOL: 'pigeon' }), (err: Error) => err instanceof ConfigError && /mailer\.PROTOCOL/.test(err.message));
    assert.throws(() => load({ GRAFT__mailer__ENABLED: 'true', GRAFT__mailer__SMTP_ADDR: 'mx' }), (err: Error) => err instanceof ConfigError && /mailer\.FROM/.test(err.message));
    assert.throws(() => load({ GRAFT__mailer__ENABLED: 'true', GRAFT__mailer__FROM: 'a@b.c' }), (err: Error) => err instanceof ConfigError && /mailer\.SMTP_ADDR/.test(err.message));
    assert.equal(load({ GRAFT__mailer__ENABLED: 'true', GRAFT__mailer__FROM: 'a@b.c', GRAFT__mailer__PROTOCOL: 'dummy' }).mailer.PROTOCOL, 'dummy');
    assert.throws(() => load({ GRAFT__mailer__HELO: 'x' }), (err: Error) => err instanceof ConfigError && /unknown config key/.test(err.message));
  });

  it("accepts Gitea's [ui.notification] section, from a file or from the environment (a dot written _0X2E_), and checks its durations", () => {
    const config = load({});
    assert.deepEqual(config['ui.notification'], { MIN_TIMEOUT: '10s', TIMEOUT_STEP: '10s', MAX_TIMEOUT: '60s', EVENT_SOURCE_UPDATE_TIME: '10s' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-config-'));
    const file = path.join(dir, 'graft.config.json');
    writeFileSync(file, JSON.stringify({ 'ui.notification': { MIN_TIMEOUT: '5s', MAX_TIMEOUT: '2m' } }));
    const fromFile = loadConfig({ env: { GRAFT__ui_0X2E_notification__TIMEOUT_STEP: '1m30s' }, file });
    assert.equal(fromFile['ui.notification'].MIN_TIMEOUT, '5s');
    assert.equal(durationMs(fromFile['ui.notification'].MAX_TIMEOUT), 120_000);
    assert.equal(durationMs(fromFile['ui.notification'].TIMEOUT_STEP), 90_000);
    assert.throws(() => load({ GRAFT__ui_0x2e_notification__MIN_TIMEOUT: 'soon' }), (err: Error) => err instanceof ConfigError && /ui\.notification\.MIN_TIMEOUT/.test(err.message));
  });
});

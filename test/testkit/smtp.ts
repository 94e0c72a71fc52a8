import { after, before } from 'node:test';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A mail as the test SMTP server received it: the envelope and the parsed message. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The login the client authenticated as, if it did. */
  user?: string;
  /** Whether the message came over TLS. */
  secure: boolean;
  parsed: ParsedMail;
}

export interface SmtpOptions {
  /** USER and PASSWD the server accepts; without them, no authentication is offered nor asked. */
  credentials?: { user: string; pass: string };
  /** TLS from the start (smtps) or after STARTTLS (offered only then), with smtp-server's own self-signed certificate. */
  tls?: 'implicit' | 'starttls';
  /** Called before a message is accepted: a returned error refuses it (with its responseCode). */
  refuse?: (count: number) => (Error & { responseCode?: number }) | null;
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a random port, started in `before` and stopped in
 * `after` of the enclosing block; it keeps every message it accepted, parsed.
 */
export function useSmtpServer(options: SmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  let offered = 0;
  let server: SMTPServer | undefined;
  let port = 0;
  const config: SMTPServerOptions = {
    secure: options.tls === 'implicit',
    disabledCommands: [...(options.tls === 'starttls' ? [] : ['STARTTLS']), ...(options.credentials ? [] : ['AUTH'])],
    authOptional: !options.credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.credentials && auth.username === options.credentials.user && auth.password === options.credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      const refusal = options.refuse?.(++offered) ?? null;
      simpleParser(stream).then(
        (parsed) => {
          if (refusal) return callback(refusal);
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            secure: session.secure,
            parsed,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  };
  before(async () => {
    server = new SMTPServer(config);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return {
    received,
    /** How many messages were offered (accepted or refused). */
    get offered() {
      return offered;
    },
    get port() {
      return port;
    },
    /** The mails addressed to one address. */
    to: (address: string) => received.filter((m) => m.envelopeTo.includes(address)),
  };
}

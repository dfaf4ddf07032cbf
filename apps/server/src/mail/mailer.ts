import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html: string; links: string[] };

/**
 * Sends the server's mails. `check` throws when no mail could go now: a request that sends nothing
 * (an unknown address, a mail within its cooldown) still answers as one that sends.
 */
export type Mailer = { send(mail: Mail): Promise<void>; check(): Promise<void> };

/**
 * How long an SMTP server may take to be reached and to greet (DNS lookup included), and to answer
 * each command: a request waits for its mail, and the web app gives up on a request after 10 s.
 */
export const SMTP_TIMEOUT_MS = 5000;

/**
 * The recipient goes as an address object: nodemailer reads a string as a list with display names,
 * and a login is only ever one plain address.
 */
function messageOf(from: string, mail: Mail) {
  return { from, to: { name: '', address: mail.to }, subject: mail.subject, text: mail.text, html: mail.html };
}

/**
 * Real SMTP when `smtpUrl` is set; otherwise every mail becomes an `.eml` file in `outboxDir`, where
 * a local user finds the activation link. The link itself is never logged: it logs its holder in.
 */
export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string; from: string; timeoutMs?: number; log?: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
    // The URL's own query (`?connectionTimeout=`) still wins over these.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
    return {
      async send(mail) {
        await transport.sendMail(messageOf(options.from, mail));
      },
      async check() {
        await transport.verify();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(messageOf(options.from, mail));
      // A mail's link logs its holder in: owner only, as the data folder.
      mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      options.log?.(`mail written to ${file}`);
    },
    async check() {},
  };
}

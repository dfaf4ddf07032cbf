import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html: string; links: string[] };

/** Sends the server's mails. */
export type Mailer = { send(mail: Mail): Promise<void> };

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
export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string; from: string; log?: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(messageOf(options.from, mail));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(messageOf(options.from, mail));
      mkdirSync(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log?.(`mail written to ${file}`);
    },
  };
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable soft breaks and escapes, enough to read links out of a mail. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The raw mails in an outbox folder, oldest first. */
export function mailsIn(outboxDir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => decodeQuotedPrintable(readFileSync(join(outboxDir, file), 'utf8')));
}

/** The login-action links of a mail text. */
export function linksIn(mail: string): URL[] {
  return [...new Set(mail.match(/https?:\/\/[^\s"<>]+\/login\?[^\s"<>]+/g) ?? [])].map((link) => new URL(link.replace(/&amp;/g, '&')));
}

/** The newest link with an action sent to a login. */
export function lastLink(outboxDir: string, login: string, action: string): URL {
  const links = mailsIn(outboxDir)
    .filter((mail) => mail.includes(`To: ${login}`))
    .flatMap(linksIn)
    .filter((link) => link.searchParams.get('action') === action);
  const link = links.at(-1);
  if (!link) throw new Error(`no ${action} mail to ${login}`);
  return link;
}

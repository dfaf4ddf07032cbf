import type { Language } from '@scorecast/rules';
import type { Texts } from '../texts.js';
import type { Mail } from './mailer.js';

/** What a link does on the login screen. */
type LinkAction = 'activate-account' | 'reset-password';
/** What its mail says: a set-password mail carries a reset link, for an account that has no password. */
export type LinkMailKind = LinkAction | 'set-password';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]!);

/**
 * The link of a mail, as the login screen's actions expect it: `login` and the one-time token in
 * `password`.
 */
export function loginActionLink(publicUrl: string, action: LinkAction, login: string, token: string, invitation?: string): string {
  const query = new URLSearchParams({ action, login, password: token });
  if (invitation) query.set('invitation', invitation);
  return `${publicUrl.replace(/\/$/, '')}/login?${query.toString()}`;
}

/** An activation, password-reset or set-password mail in the user's language, as text and HTML. */
export function linkMail(texts: Texts, kind: LinkMailKind, language: Language, to: string, link: string): Mail {
  const t = texts(language);
  const [intro, action, outro] = [t(`mail.${kind}.intro`), t(`mail.${kind}.action`), t(`mail.${kind}.outro`)];
  return {
    to,
    subject: t(`mail.${kind}.subject`),
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
    links: [link],
  };
}

/**
 * The newsletter's unsubscribe link: the login screen's unsubscribe mode with the address filled in
 * and the one-time token that lets it unsubscribe that address.
 */
export function unsubscribeLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/login?${new URLSearchParams({ action: 'unsubscribe', email, token }).toString()}`;
}

/** A newsletter mail: the operator's text, then a footer with the unsubscribe link. */
export function newsletterMail(texts: Texts, language: Language, to: string, subject: string, body: string, link: string): Mail {
  const t = texts(language);
  const footer = { text: t('mail.newsletter.footer'), action: t('mail.newsletter.unsubscribe') };
  const paragraphs = body.split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  return {
    to,
    subject,
    text: `${body.trimEnd()}\n\n--\n${footer.text}\n${link}\n`,
    html: `${paragraphs.join('')}<hr><p>${escapeHtml(footer.text)} <a href="${escapeHtml(link)}">${escapeHtml(footer.action)}</a></p>`,
    links: [link],
  };
}

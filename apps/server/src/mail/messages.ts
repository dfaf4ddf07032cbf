import type { Language } from '@scorecast/rules';
import type { Mail } from './mailer.js';

type LinkMailKind = 'activate-account' | 'reset-password';

const texts: Record<Language, Record<LinkMailKind, { subject: string; intro: string; action: string; outro: string }>> = {
  en: {
    'activate-account': {
      subject: 'Activate your Scorecast account',
      intro: 'Welcome to Scorecast! Please activate your account with this link:',
      action: 'Activate account',
      outro: 'If you did not register, ignore this mail.',
    },
    'reset-password': {
      subject: 'Reset your Scorecast password',
      intro: 'You asked to reset your Scorecast password. Choose a new one with this link:',
      action: 'Reset password',
      outro: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
  },
  de: {
    'activate-account': {
      subject: 'Aktiviere dein Scorecast-Konto',
      intro: 'Willkommen bei Scorecast! Bitte aktiviere dein Konto mit diesem Link:',
      action: 'Konto aktivieren',
      outro: 'Wenn du dich nicht registriert hast, ignoriere diese Mail.',
    },
    'reset-password': {
      subject: 'Setze dein Scorecast-Passwort zurück',
      intro: 'Du möchtest dein Scorecast-Passwort zurücksetzen. Wähle mit diesem Link ein neues:',
      action: 'Passwort zurücksetzen',
      outro: 'Wenn du das nicht angefordert hast, ignoriere diese Mail: dein Passwort bleibt unverändert.',
    },
  },
};

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]!);

/**
 * The link of a mail, as the login screen's actions expect it: `login` and the one-time token in
 * `password`.
 */
export function loginActionLink(publicUrl: string, action: LinkMailKind, login: string, token: string, invitation?: string): string {
  const query = new URLSearchParams({ action, login, password: token });
  if (invitation) query.set('invitation', invitation);
  return `${publicUrl.replace(/\/$/, '')}/login?${query.toString()}`;
}

/** An activation or password-reset mail in the user's language, as text and HTML. */
export function linkMail(kind: LinkMailKind, language: Language, to: string, link: string): Mail {
  const text = texts[language][kind];
  return {
    to,
    subject: text.subject,
    text: `${text.intro}\n\n${link}\n\n${text.outro}\n`,
    html: `<p>${escapeHtml(text.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(text.action)}</a></p><p>${escapeHtml(text.outro)}</p>`,
    links: [link],
  };
}

const newsletterFooter: Record<Language, { text: string; action: string }> = {
  en: { text: 'You get this mail because you play Scorecast. To get no more newsletters:', action: 'Unsubscribe' },
  de: { text: 'Du bekommst diese Mail, weil du bei Scorecast mitspielst. Keine Newsletter mehr:', action: 'Abmelden' },
};

/**
 * The newsletter's unsubscribe link: the login screen's unsubscribe mode with the address filled in
 * and the one-time token that lets it unsubscribe that address.
 */
export function unsubscribeLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/login?${new URLSearchParams({ action: 'unsubscribe', email, token }).toString()}`;
}

/** A newsletter mail: the operator's text, then a footer with the unsubscribe link. */
export function newsletterMail(language: Language, to: string, subject: string, body: string, link: string): Mail {
  const footer = newsletterFooter[language];
  const paragraphs = body.split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  return {
    to,
    subject,
    text: `${body.trimEnd()}\n\n--\n${footer.text}\n${link}\n`,
    html: `${paragraphs.join('')}<hr><p>${escapeHtml(footer.text)} <a href="${escapeHtml(link)}">${escapeHtml(footer.action)}</a></p>`,
    links: [link],
  };
}

import { competitionOf, type Language } from '@scorecast/rules';
import { escapeHtml } from '../changes/html.js';
import type { Texts } from '../texts.js';

export type StandingsRow = { login: string; name: string; rank: number; points: number };

export type Standings = {
  groupName: string;
  year: number;
  /** The day the standings are of (ISO instant). */
  day: string;
  /** Every player, best first. */
  rows: readonly StandingsRow[];
  /** Shown below the top ten when ranked lower; highlighted wherever it is. */
  viewerLogin?: string | undefined;
  language: Language;
  /** A game of the tournament is being played: its score of the moment counts in the points. */
  live?: boolean | undefined;
};

export const WIDTH = 1200;
export const HEIGHT = 630;
const TOP = 10;
const ROW_HEIGHT = 40;
// Liberation Sans first: see render.ts.
const FONT = 'Liberation Sans, DejaVu Sans, Arial, sans-serif';

/** The rows the picture shows: the top ten, and the viewer after a gap when ranked below them. */
export function shownRows(rows: readonly StandingsRow[], viewerLogin: string | undefined): { rows: StandingsRow[]; gapBeforeLast: boolean } {
  const top = rows.slice(0, TOP);
  const viewer = viewerLogin === undefined ? undefined : rows.slice(TOP).find((row) => row.login === viewerLogin);
  return viewer ? { rows: [...top, viewer], gapBeforeLast: true } : { rows: top, gapBeforeLast: false };
}

/** The day as the app dates it in every language (dd.MM.yyyy), of the UTC calendar the picture is cached by. */
function fullDate(instant: string): string {
  const day = new Date(instant);
  return [day.getUTCDate(), day.getUTCMonth() + 1].map((part) => String(part).padStart(2, '0')).concat(String(day.getUTCFullYear())).join('.');
}

/** Cuts a name to what fits its column. */
const fit = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The standings as an Open Graph sized SVG (1200 x 630): group, tournament, day, the rows. */
export function standingsSvg(texts: Texts, standings: Standings): string {
  const t = texts(standings.language);
  const competition = t(`share.competition.${competitionOf(standings.year)}`, { year: standings.year });
  const day = fullDate(standings.day);
  const { rows, gapBeforeLast } = shownRows(standings.rows, standings.viewerLogin);
  const lines: string[] = [];
  let y = 170;
  rows.forEach((row, index) => {
    if (gapBeforeLast && index === rows.length - 1) {
      lines.push(`<text x="90" y="${y - 8}" font-size="26" fill="#6b7a72">⋯</text>`);
      y += 30;
    }
    const own = row.login === standings.viewerLogin;
    if (own) lines.push(`<rect x="40" y="${y - 29}" width="${WIDTH - 80}" height="${ROW_HEIGHT}" rx="8" fill="#d3f5df"/>`);
    const weight = own ? 'bold' : 'normal';
    lines.push(
      `<text x="110" y="${y}" font-size="26" text-anchor="end" fill="#0b3d2e" font-weight="${weight}">${row.rank}.</text>` +
        `<text x="140" y="${y}" font-size="26" fill="#10201a" font-weight="${weight}">${escapeHtml(fit(row.name, 40))}</text>` +
        `<text x="${WIDTH - 70}" y="${y}" font-size="26" text-anchor="end" fill="#10201a" font-weight="bold">${row.points} ${escapeHtml(t('share.points'))}</text>`,
    );
    y += ROW_HEIGHT;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f7f5"/>` +
    `<rect width="${WIDTH}" height="120" fill="#0b5e46"/>` +
    `<text x="40" y="58" font-size="38" font-weight="bold" fill="#ffffff">${escapeHtml(fit(standings.groupName, 40))}</text>` +
    `<text x="40" y="98" font-size="24" fill="#cfe9de">${escapeHtml(competition)} · ${escapeHtml(t(standings.live ? 'share.asOfLive' : 'share.asOf', { day }))}</text>` +
    `<text x="${WIDTH - 40}" y="58" font-size="26" text-anchor="end" fill="#cfe9de">Scorecast</text>` +
    `<text x="${WIDTH - 40}" y="98" font-size="22" text-anchor="end" fill="#cfe9de">${escapeHtml(t('share.players', { count: standings.rows.length }))}</text>` +
    lines.join('') +
    `</svg>`
  );
}

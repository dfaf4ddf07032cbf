import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { groupIdSchema, languageSchema } from '@scorecast/api-client';
import type { Language } from '@scorecast/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../changes/html.js';
import type { ServerContext } from '../context.js';
import { notFound } from '../httpError.js';
import { optionalUser } from '../plugins/session.js';
import { groupFor } from '../scoring/groups.js';
import { readerLanguageOf } from '../texts.js';
import { parseInput } from '../validate.js';
import { standingsPng } from './render.js';
import { shownRows, type Standings } from './standingsSvg.js';

const paramsSchema = z.object({ id: groupIdSchema });
const querySchema = z.object({ lang: z.optional(languageSchema) });
const CACHED_PICTURES = 256;

/** The language a request asks for: `lang`, the user's, the browser's, else English. */
function languageOf(request: FastifyRequest, asked: Language | undefined, userLanguage: string | undefined): Language {
  if (asked) return asked;
  if (userLanguage === 'de' || userLanguage === 'en') return userLanguage;
  return readerLanguageOf(request.headers['accept-language']);
}

/**
 * The standings picture of a group, reachable with its invitation id (the group id) only, and the
 * invitation link's page with that picture as its Open Graph image. Pictures are cached per group,
 * ranking version and language (and viewer, when the viewer is shown below the top ten).
 */
export function registerShareRoutes(app: FastifyInstance, context: ServerContext, webDist: string | undefined): void {
  const pictures = new Map<string, Buffer>();

  async function standingsOf(request: FastifyRequest, groupId: string, asked: Language | undefined): Promise<Standings | undefined> {
    const user = await optionalUser(context, request);
    const group = await groupFor(context.db, groupId, user?.login ?? '');
    if (!group) return undefined;
    const rows = [...group.players].sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name)).map(({ login, name, rank, points }) => ({ login, name, rank, points }));
    const member = user && rows.some((row) => row.login === user.login);
    const games = (await context.games.read()).byId.values();
    const live = [...games].some((game) => game.year === group.competitionYear && game.status === 'Live');
    return {
      groupName: group.name,
      year: group.competitionYear,
      day: new Date(context.clock.now()).toISOString(),
      rows,
      viewerLogin: member ? user.login : undefined,
      language: languageOf(request, asked, user?.language),
      live,
    };
  }

  app.get('/api/groups/:id/standings.png', async (request, reply) => {
    const { id } = parseInput(paramsSchema, request.params);
    const { lang } = parseInput(querySchema, request.query);
    const standings = await standingsOf(request, id, lang);
    if (!standings) throw notFound('unknownGroup');
    const shown = shownRows(standings.rows, standings.viewerLogin);
    const version = createHash('sha256').update(JSON.stringify([standings.groupName, standings.rows, standings.day.slice(0, 10), standings.live])).digest('base64url');
    const viewer = shown.gapBeforeLast ? standings.viewerLogin : '';
    const key = `${id} ${version} ${standings.language} ${viewer}`;
    let png = pictures.get(key);
    if (!png) {
      png = standingsPng(context.texts, standings);
      if (pictures.size >= CACHED_PICTURES) pictures.delete(pictures.keys().next().value!);
      pictures.set(key, png);
    }
    // With the viewer's own row added it is theirs alone: no shared cache may keep it for others.
    const caching = viewer ? 'private, max-age=300' : 'public, max-age=300';
    const tag = createHash('sha256').update(key).digest('base64url').slice(0, 27);
    return reply.type('image/png').header('cache-control', caching).header('vary', 'authorization').header('etag', `"${tag}"`).send(png);
  });

  // The invitation link (/login?invitation={groupId}): the app's page, with the standings as its preview in chat apps.
  const indexFile = webDist ? join(webDist, 'index.html') : undefined;
  if (!indexFile || !existsSync(indexFile)) return;
  app.get('/login', async (request, reply) => {
    // Read at each visit, as every other route of the page is: a new build in place must not leave
    // /login naming the scripts of the old one.
    const page = await readFile(indexFile, 'utf8');
    const invitation = groupIdSchema.safeParse((request.query as { invitation?: unknown }).invitation);
    const standings = invitation.success ? await standingsOf(request, invitation.data, undefined) : undefined;
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!standings) return reply.send(page);
    const image = `${context.publicUrl.replace(/\/$/, '')}/api/groups/${encodeURIComponent(invitation.data!)}/standings.png?lang=${standings.language}`;
    const title = escapeHtml(`${standings.groupName} · Scorecast`);
    const meta =
      `<meta property="og:title" content="${title}"><meta property="og:type" content="website">` +
      `<meta property="og:image" content="${escapeHtml(image)}"><meta property="og:image:type" content="image/png">` +
      `<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">` +
      `<meta name="twitter:card" content="summary_large_image">`;
    return reply.send(page.replace('</head>', `${meta}</head>`));
  });
}

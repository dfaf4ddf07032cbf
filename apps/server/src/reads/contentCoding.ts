import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The content codings the server sends, best first. */
export type ContentCoding = 'br' | 'gzip';

/**
 * Whether an Accept-Encoding header takes a coding: named, or `*`, without q=0 (the last naming
 * counts). Read in place rather than split into lists: every page open asks it.
 */
export function accepts(header: string | undefined, coding: ContentCoding): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let any: boolean | undefined;
  for (let start = 0; start < header.length; ) {
    const comma = header.indexOf(',', start);
    const end = comma < 0 ? header.length : comma;
    const semicolon = header.indexOf(';', start);
    const nameEnd = semicolon >= 0 && semicolon < end ? semicolon : end;
    const token = header.slice(start, nameEnd).trim().toLowerCase();
    if (token === coding || token === '*') {
      const takes = nameEnd === end || weightOf(header.slice(nameEnd + 1, end)) > 0;
      if (token === coding) named = takes;
      else any = takes;
    }
    start = end + 1;
  }
  return named ?? any ?? false;
}

/** The q of a coding's parameters (`q=0.5;x=y`), 1 without one. */
function weightOf(parameters: string): number {
  for (const parameter of parameters.split(';')) {
    const name = parameter.trim().toLowerCase();
    if (name.startsWith('q=')) return Number(name.slice(2));
  }
  return 1;
}

/** Below this, compressing saves a phone less than it costs the server. */
const COMPRESS_FROM_BYTES = 8 * 1024;
const compressors: Record<ContentCoding, (bytes: Buffer) => Buffer> = {
  // A player in three groups of 30 gets 660 KB of JSON as 10 KB of brotli in about 4 ms (quality 1
  // made 32 KB in 1.4 ms): a third of the bytes on every page open, for a fifth more of the time it
  // takes to derive the answer. Done in place, so an answer leaves as soon as it is made: on the
  // thread pool, a reconnect storm made answers faster than the pool compressed them, and they piled up.
  br: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  // Browsers send no br over plain http (a LAN): 25 KB in 6 ms.
  gzip: (bytes) => gzipSync(bytes, { level: 6 }),
};

/** A JSON answer, and each compressed form of it once a request took that form. */
export type JsonAnswer = { readonly json: Buffer; readonly coded: Partial<Record<ContentCoding, Buffer>> };

/** A JSON text as an answer. */
export function jsonAnswer(json: string): JsonAnswer {
  return { json: Buffer.from(json), coded: {} };
}

/** An answer in a coding: compressed at its first request, then kept with the answer. */
export function codedAnswer(answer: JsonAnswer, coding: ContentCoding): Buffer {
  return (answer.coded[coding] ??= compressors[coding](answer.json));
}

/** Sends a JSON answer, compressed when it is large and the browser takes a coding we send (every browser does). */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const coding = answer.json.length < COMPRESS_FROM_BYTES ? undefined : (['br', 'gzip'] as const).find((each) => accepts(request.headers['accept-encoding'], each));
  if (!coding) return reply.send(answer.json);
  return reply.header('content-encoding', coding).send(codedAnswer(answer, coding));
}

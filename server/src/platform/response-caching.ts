import { createHash } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long a browser or proxy may reuse a public list (offices, insurers, the care team) without asking. */
export const PUBLIC_MAX_AGE_S = 60;
/** And how long it may show the old one while it asks again in the background. */
export const PUBLIC_STALE_S = 600;

/** Answers smaller than this are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli's quality for API answers (see registerCompression). */
export const BROTLI_QUALITY = 4;

/**
 * Compresses API answers (brotli or gzip, as the client accepts), issue 13. Brotli at quality 4 compresses
 * JSON about as well as gzip at a fraction of brotli's default cost; the web app's files are compressed once
 * at build time (web/build/precompress.ts) and sent as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

/** A strong ETag of a text: its SHA-256, shortened. */
export function etagOf(payload: string): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
}

function weakEtagOf(payload: string): string {
  return `W/${etagOf(payload)}`;
}

/** The client already holds the answer with this ETag (If-None-Match). */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || `W/${t}` === etag;
  });
}

/**
 * The caching headers of a public read asked without a token: the answer is the same for everyone and may be
 * cached for PUBLIC_MAX_AGE_S by the browser and any shared cache. `Vary: Authorization` keeps it from being
 * sent to someone who asks with a token (staff see more of some lists; their answers are never stored, see
 * registerPrivateAnswers).
 */
export function publicCacheHeaders(reply: FastifyReply, etag: string) {
  reply.header('vary', 'Authorization');
  reply.header(
    'cache-control',
    `public, max-age=${PUBLIC_MAX_AGE_S}, stale-while-revalidate=${PUBLIC_STALE_S}`,
  );
  reply.header('etag', etag);
}

/** A public read asked without a token: the one kind of API answer that browsers and proxies may keep. */
export function isSharedRead(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.config.access === 'public' &&
    !request.headers.authorization
  );
}

/**
 * Public reads asked without a token (routes declared `access: 'public'`): an `ETag` on every successful
 * answer, and `304 Not Modified` when the client already holds it (publicCacheHeaders).
 */
export function registerPublicCaching(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isSharedRead(request) || !request.url.startsWith('/api/')) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('cache-control')) {
      return payload;
    }
    const etag = weakEtagOf(payload);
    publicCacheHeaders(reply, etag);
    if (!notModified(request, etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    return '';
  });
}

/**
 * Every other API answer is for one person: `Cache-Control: no-store` (issue 28, item 12), whatever the route
 * or an earlier hook set, so that neither a shared computer's browser nor a proxy keeps patient data, a sign-in's
 * token or a cookie. That is every answer to a call with a token, every answer of a route that requires one
 * (its refusals included), every answer to a change (sign-ins among them) and every answer that sets a cookie.
 * Registered after the hooks that mark public reads cacheable.
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    if (isSharedRead(request) && !reply.hasHeader('set-cookie')) return payload;
    reply.header('cache-control', 'no-store');
    return payload;
  });
}

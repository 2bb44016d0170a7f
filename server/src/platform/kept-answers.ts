import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import {
  BROTLI_QUALITY,
  COMPRESS_THRESHOLD_BYTES,
  isSharedRead,
  notModified,
  publicCacheHeaders,
} from './response-caching';

/** A row of data_versions (migration 0022): the data a kept answer is built from. */
export type DataVersionName = 'directory';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The data this public answer is built from. Asked without a token, the answer is kept by the instance
     * and sent again, as it was serialised and compressed, while that data's version stands.
     */
    keptWhile?: DataVersionName;
  }
  interface FastifyRequest {
    /** The data's version read before the route ran: its answer may be kept under it. */
    keptVersion?: string;
  }
}

type Encoding = 'br' | 'gzip' | 'identity';
type Compression = Exclude<Encoding, 'identity'>;

interface KeptAnswer {
  version: string;
  body: string;
  /** The body's own size in bytes (its compressed copies are counted in `bytes`). */
  bodyBytes: number;
  etag: string;
  /** Headers the route set besides the caching ones (X-Total-Count, Link). */
  headers: Record<string, string>;
  encoded: Map<Compression, Buffer>;
  bytes: number;
}

/** Headers a route sets on a list answer that a kept copy must carry too. */
const ROUTE_HEADERS = ['content-type', 'x-total-count', 'link'] as const;

export interface KeptAnswerLimits {
  /** The most answers an instance keeps (the least recently used goes first). */
  maxEntries: number;
  /** The most bytes of bodies and their compressed copies an instance keeps. */
  maxBytes: number;
}

export const KEPT_ANSWER_LIMITS: KeptAnswerLimits = { maxEntries: 64, maxBytes: 16 * 1024 * 1024 };

/** The encoding to send: brotli, else gzip, when accepted (a q of 0 refuses); else none. */
export function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

function compress(body: string, encoding: Compression): Buffer {
  const raw = Buffer.from(body, 'utf8');
  return encoding === 'br'
    ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(raw);
}

/**
 * Kept public answers (issue 13). A public list the whole network reads and staff rarely change (the care
 * team: up to 2,000 doctors) was read, shaped, serialised and compressed again for every anonymous visitor.
 * A route that names the data it is built from (`config.keptWhile`) is now answered, for callers without a
 * token, from the copy this instance kept, while the data's version (data_versions, bumped by triggers in
 * the writing transaction) is the one the copy was built under: one indexed read instead of the route's
 * work, and a change is seen at once on every instance. The version is read before the route reads its
 * data, so a copy is never filed under a version newer than what it shows.
 */
export function registerKeptAnswers(
  app: FastifyInstance,
  db: Database,
  limits: KeptAnswerLimits = KEPT_ANSWER_LIMITS,
) {
  const kept = new Map<string, KeptAnswer>();
  let keptBytes = 0;

  const forget = (key: string) => {
    const answer = kept.get(key);
    if (!answer) return;
    kept.delete(key);
    keptBytes -= answer.bytes;
  };
  const makeRoom = () => {
    for (const key of kept.keys()) {
      if (kept.size <= limits.maxEntries && keptBytes <= limits.maxBytes) break;
      forget(key);
    }
  };

  const keepable = (request: FastifyRequest) =>
    request.routeOptions.config.keptWhile !== undefined && isSharedRead(request);

  const send = (request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) => {
    publicCacheHeaders(reply, answer.etag);
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    if (notModified(request, answer.etag)) {
      reply.removeHeader('content-type');
      return reply.code(304).send('');
    }
    const wanted =
      answer.bodyBytes < COMPRESS_THRESHOLD_BYTES
        ? 'identity'
        : acceptedEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'Authorization, Accept-Encoding');
    if (wanted === 'identity') return reply.send(answer.body);
    let body = answer.encoded.get(wanted);
    if (!body) {
      body = compress(answer.body, wanted);
      answer.encoded.set(wanted, body);
      answer.bytes += body.length;
      keptBytes += body.length;
      makeRoom();
    }
    return reply.header('content-encoding', wanted).send(body);
  };

  app.addHook('preHandler', async (request, reply) => {
    if (!keepable(request)) return;
    const name = request.routeOptions.config.keptWhile as DataVersionName;
    const row = await db
      .selectFrom('data_versions')
      .select('version')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return;
    const version = String(row.version);
    const answer = kept.get(request.url);
    if (answer?.version === version) {
      // The most recently used answer goes last: makeRoom forgets from the front.
      kept.delete(request.url);
      kept.set(request.url, answer);
      return send(request, reply, answer);
    }
    request.keptVersion = version;
  });

  // Registered after registerPublicCaching: the answer has its ETag here, and is still text (compression
  // is the route's last onSend step).
  app.addHook('onSend', async (request, reply, payload) => {
    const version = request.keptVersion;
    if (version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string') return payload;
    const headers: Record<string, string> = {};
    for (const name of ROUTE_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    forget(request.url);
    const bodyBytes = Buffer.byteLength(payload);
    kept.set(request.url, {
      version,
      body: payload,
      bodyBytes,
      etag,
      headers,
      encoded: new Map(),
      bytes: bodyBytes,
    });
    keptBytes += bodyBytes;
    makeRoom();
    return payload;
  });
}

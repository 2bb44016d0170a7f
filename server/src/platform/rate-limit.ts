import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors';

/**
 * A route's `config.rateLimit` (the plugin is registered with global: false): at most `max` calls per client
 * address within the window, answered beyond that with the app's usual 429 `{ error, message }`.
 */
export function perAddressRateLimit(
  max: number,
  timeWindowMs: number,
  options: { keyGenerator?: (request: FastifyRequest) => string } = {},
): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    errorResponseBuilder: () => tooManyRequests(),
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
  };
}

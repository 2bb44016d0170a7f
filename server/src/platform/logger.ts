import type { FastifyServerOptions } from 'fastify';

/**
 * Structured logs (pino). Bodies are never logged; headers that carry credentials are redacted, and the
 * query string is dropped from logged URLs because searches carry patient names.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.code',
        '*.token',
        '*.firstName',
        '*.lastName',
        '*.email',
        '*.phoneNumber',
        '*.dateOfBirth',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: String(request.url).split('?')[0],
          remoteAddress: request.ip,
        };
      },
    },
  };
}

import type { FastifyError, FastifyInstance } from 'fastify';
import {
  AppError,
  isForeignKeyRefusal,
  PG_CHECK_VIOLATION,
  PG_DATETIME_OUT_OF_RANGE,
  PG_FOREIGN_KEY_VIOLATION,
  PG_INVALID_DATETIME_FORMAT,
  PG_INVALID_TEXT,
  PG_NOT_NULL_VIOLATION,
  PG_RESTRICT_VIOLATION,
  pgErrorCode,
} from './errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** 'body/officeId must be integer' -> names the field as the client sent it. */
export function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const issue = issues[0];
  if (!issue) return 'The request is not valid.';
  const missing = issue.params?.requiredProperties ?? issue.params?.missingProperty;
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required' && missing) {
    const name = Array.isArray(missing) ? missing[0] : missing;
    return `${[path, name].filter(Boolean).join('.')} is required`;
  }
  const field = path || context || 'request';
  if (issue.keyword === 'pattern' && issue.params?.pattern === '\\S') return `${field} must not be blank`;
  return `${field} ${issue.message ?? 'is not valid'}`;
}

const CLIENT_PG_ERRORS: Record<string, string> = {
  [PG_FOREIGN_KEY_VIOLATION]: 'A referenced record does not exist.',
  [PG_RESTRICT_VIOLATION]: 'The record is used by other records and cannot be deleted.',
  [PG_CHECK_VIOLATION]: 'A value is out of the allowed range.',
  [PG_NOT_NULL_VIOLATION]: 'A required value is missing.',
  [PG_INVALID_TEXT]: 'A value has the wrong format.',
  [PG_DATETIME_OUT_OF_RANGE]: 'A date or time is out of range.',
  [PG_INVALID_DATETIME_FORMAT]: 'A date or time has the wrong format.',
};

/**
 * The one error handler: every error leaves as `{ error, message }` with its status. A 500 never shows
 * internals; it is logged with the request id (the client gets the id to quote).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ error: error.code, message: error.message, ...error.extra });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.code(400).send({
        error: 'validation_failed',
        message: describeValidation(
          fastifyError.validation as ValidationIssue[],
          fastifyError.validationContext,
        ),
      });
    }
    const pgCode = pgErrorCode(error);
    if (pgCode && CLIENT_PG_ERRORS[pgCode]) {
      return reply.code(isForeignKeyRefusal(error) ? 409 : 400).send({
        error: 'invalid_data',
        message: CLIENT_PG_ERRORS[pgCode],
      });
    }
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, ...
      return reply
        .code(status)
        .send({ error: clientErrorCode(fastifyError), message: clientErrorMessage(fastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(internalErrorBody(request.id));
  });
}

/** A 500's body: nothing of what went wrong, only the request id for the client to quote. */
export function internalErrorBody(requestId: string) {
  return {
    error: 'internal_error',
    message: `Something went wrong on our side. Please try again. (reference ${requestId})`,
  };
}

function clientErrorCode(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'invalid_json';
    default:
      return 'bad_request';
  }
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; JSON was expected.';
    default:
      return error.statusCode === 400 && error.message.toLowerCase().includes('json')
        ? 'The request body is not valid JSON.'
        : 'The request could not be understood.';
  }
}

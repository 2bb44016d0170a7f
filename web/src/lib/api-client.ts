import { MESSAGE_PREFIX, msg } from '@clinic/contract/messages';
import { notifySessionRejected, readToken } from './session-storage';

/** Where the API lives: same origin by default (the dev server proxies /api to the server). */
export const API_BASE: string = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');

/** A non-OK answer from the API. `message` is the text the spec's messages are built from. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** What the server asks the client to do next, e.g. 'captcha_required' (spec §8). */
  readonly action: string | null;

  constructor(status: number, code: string | null, message: string, action: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.action = action;
  }
}

/** React Query's retry: once for a network or server failure, never for a refusal (4xx will not change). */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  return failures < 1 && !(error instanceof ApiError && error.status < 500);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, unless it is FormData (multipart uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The bearer token to send. Omitted: the stored token, if any. null: no Authorization header
   * (the spec's home search is sent without a token).
   */
  token?: string | null;
  /** 'include' sends cookies to a cross-origin API too (the registration's HPASS cookie). */
  credentials?: RequestCredentials;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromResponse(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const { error, message, action } = body as { error?: unknown; message?: unknown; action?: unknown };
    const code = typeof error === 'string' ? error : null;
    const text = typeof message === 'string' && message.trim() !== '' ? message : msg.httpStatus(status);
    return new ApiError(status, code, text, typeof action === 'string' ? action : null);
  }
  if (typeof body === 'string' && body.trim() !== '') return new ApiError(status, null, body.trim());
  return new ApiError(status, null, msg.httpStatus(status));
}

/**
 * The one way the web app talks to the API: JSON in and out, the stored bearer token, and an ApiError
 * carrying the server's message on failure. Text answers (some of the spec's calls return text) come
 * back as strings; an empty answer as undefined.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).body;
}

/** An answer's body with its headers, for calls whose headers carry more (a list's Link and total). */
export interface ApiResponse<T> {
  body: T;
  headers: Headers;
}

/** apiRequest that also returns the answer's headers. */
export async function apiResponse<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token === undefined ? readToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: payload,
    signal,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const parsed = parseBody(await response.text(), response.headers.get('Content-Type'));
  // The stored session was refused (expired, revoked, idle too long): the app ends it (spec §4).
  if (response.status === 401 && token && options.token === undefined) notifySessionRejected();
  if (!response.ok) throw errorFromResponse(response.status, parsed);
  return { body: parsed as T, headers: response.headers };
}

/**
 * Opens a streamed answer (server-sent events) with the stored token, which EventSource cannot send. Resolves
 * to the body's stream once the server has accepted; a refusal throws the ApiError as apiRequest does.
 */
export async function apiStream(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<ReadableStream<Uint8Array>> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(buildUrl(path, options.query), { headers, signal: options.signal });
  if (!response.ok || !response.body) {
    const parsed = parseBody(await response.text(), response.headers.get('Content-Type'));
    if (response.status === 401 && token) notifySessionRejected();
    throw errorFromResponse(response.status, parsed);
  }
  return response.body;
}

/** The text to show for a failed call: the server's message, or the error's own text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

/** The spec's prefixed messages (§8): 'Login failed: <server text>'. */
export function prefixedMessage(prefix: keyof typeof MESSAGE_PREFIX, error: unknown): string {
  return `${MESSAGE_PREFIX[prefix]} ${errorMessage(error)}`;
}

/** The server's own words about a refusal (its `message`), or null when it sent none or was not reached. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.message === msg.httpStatus(error.status)) return null;
  return error.message;
}

/** A failure message ('Error saving item.') followed by the server's reason when it gave one. */
export function withServerReason(message: string, error: unknown): string {
  const reason = serverMessage(error);
  return reason ? `${message} ${reason}` : message;
}

import { clearSession, getRefreshToken, getSession, type TokenPair, updateTokens } from './session.ts';

export interface FieldError {
  path: string;
  message: string;
}

/** A failed call: the server's `{code, message, errors?}`, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** False when the server answered without a message: the screen's own fallback may speak. */
    readonly fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export interface Page<T> {
  results: T[];
  page: number;
  limit: number;
  totalPages: number;
  totalResults: number;
}

export interface Answer<T> {
  code: number;
  message: string;
  result: T;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Query;
  /** Calls that must not send the access token nor try to refresh it (login, refresh...). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(urlOf(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'ocurrio un error de Red');
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
  const said = typeof body?.message === 'string' && body.message !== '';
  const message = said ? (body.message as string) : 'Ocurrio un error';
  const errors = Array.isArray(body?.errors)
    ? (body.errors as FieldError[]).filter(
        (e) => typeof e?.path === 'string' && typeof e?.message === 'string',
      )
    : [];
  return new ApiError(response.status, message, errors, said);
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same rotation. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const response = await send(
        '/v2/auth/refresh-tokens',
        { method: 'POST', body: { refreshToken } },
        null,
      );
      if (!response.ok) return false;
      updateTokens((await response.json()) as TokenPair);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Tells the app that the session ended because it could not be renewed. */
export const sessionExpired = new EventTarget();

/**
 * A JSON call to the API. On a 401 the refresh token is tried once and the call repeated; when that
 * fails too the session ends (the app then shows /login).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await authorized(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A binary answer (a signed PDF) as base64, with the same session handling as `api`. */
export async function apiBase64(path: string, options: RequestOptions = {}): Promise<string> {
  const bytes = new Uint8Array(await (await authorized(path, options)).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A file answer (a declaration TXT or XML) as a Blob with the name its content-disposition gives, with
 * the same session handling as `api`.
 */
export async function apiFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; name: string | null; headers: Headers }> {
  const response = await authorized(path, options);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), name, headers: response.headers };
}

async function authorized(path: string, options: RequestOptions): Promise<Response> {
  const token = options.anonymous ? null : (getSession()?.access.token ?? null);
  let response = await send(path, options, token);
  if (response.status === 401 && !options.anonymous && token) {
    if (await refreshTokens()) {
      response = await send(path, options, getSession()?.access.token ?? null);
    }
    if (response.status === 401) {
      const error = await errorOf(response);
      clearSession();
      sessionExpired.dispatchEvent(new Event('expired'));
      throw error;
    }
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** Every row of a paged list (exports, select options): pages of `limit` until the last one. */
export async function fetchAllPages<T>(
  load: (page: number, limit: number) => Promise<Page<T>>,
  limit = 500,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await load(page, limit);
    rows.push(...answer.results);
    if (page >= (answer.totalPages || 1) || answer.results.length === 0) return rows;
  }
}

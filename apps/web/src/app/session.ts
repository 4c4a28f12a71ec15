/**
 * The browser side of a session. The session (user and access token) is kept in local storage under one
 * fixed key; the refresh token goes to local storage when the user asked to be remembered, otherwise to
 * session storage (gone when the browser closes).
 */
export const SESSION_KEY = 'sigece.session';
export const REFRESH_KEY = 'sigece.refresh';

export interface Token {
  token: string;
  expires: string;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
}

export interface Session {
  user: SessionUser;
  access: Token;
  remember: boolean;
}

export interface TokenPair {
  access: Token;
  refresh: Token;
}

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  const session = readJson<Session>(localStorage, SESSION_KEY);
  return session?.access?.token && session.user ? session : null;
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_KEY) ?? sessionStorage.getItem(REFRESH_KEY);
}

let current: Session | null = null;
let loaded = false;

/** The session as React reads it (a stable snapshot between changes). */
export function sessionSnapshot(): Session | null {
  if (!loaded) {
    current = getSession();
    loaded = true;
  }
  return current;
}

function emit(session: Session | null): void {
  current = session;
  loaded = true;
  for (const listener of listeners) listener(session);
}

export function startSession(user: SessionUser, tokens: TokenPair, remember: boolean): Session {
  const session: Session = { user, access: tokens.access, remember };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  localStorage.removeItem(REFRESH_KEY);
  sessionStorage.removeItem(REFRESH_KEY);
  (remember ? localStorage : sessionStorage).setItem(REFRESH_KEY, tokens.refresh.token);
  emit(session);
  return session;
}

/** After a refresh: the new pair replaces the old one where it was kept. */
export function updateTokens(tokens: TokenPair): void {
  const session = getSession();
  if (!session) return;
  const next: Session = { ...session, access: tokens.access };
  localStorage.setItem(SESSION_KEY, JSON.stringify(next));
  current = next;
  (session.remember ? localStorage : sessionStorage).setItem(REFRESH_KEY, tokens.refresh.token);
}

export function clearSession(): void {
  const had = getSession() !== null;
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(REFRESH_KEY);
  sessionStorage.removeItem(REFRESH_KEY);
  if (had) emit(null);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logged in or out.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_KEY && event.key !== null) return;
  const next = getSession();
  // A token rotation in another tab is not a new session.
  if (next?.user.id === current?.user.id && next !== null) {
    current = next;
    return;
  }
  emit(next);
});

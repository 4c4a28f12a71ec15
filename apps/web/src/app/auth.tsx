import type { PermissionSubject, RoleModule } from '@sigece/fiscal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { api, sessionExpired } from './api.ts';
import { i18n } from './i18n.ts';
import {
  clearSession,
  getRefreshToken,
  onSessionChange,
  type Session,
  type SessionUser,
  sessionSnapshot,
  startSession,
  type TokenPair,
} from './session.ts';

/** GET /v2/auth/me: the user with the effective modules and actions of their role. */
export interface Me extends PermissionSubject {
  id: string;
  email: string;
  name: string;
  role: string | null;
  roleId: string | null;
  id_localidad: string[];
  sucursales: string[];
  modulos: RoleModule[];
  /** The tax-authority portal type: a portal user sees the portal SENIAT only. */
  userPortal?: string;
}

interface LoginAnswer {
  user: SessionUser;
  tokens: TokenPair;
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

interface AuthValue {
  session: Session | null;
  me: Me | undefined;
  meStatus: 'pending' | 'error' | 'success';
  meError: unknown;
  reloadMe: () => void;
  login: (input: LoginInput) => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

export const meQueryKey = (userId: string | undefined) => ['auth', 'me', userId] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(onSessionChange, sessionSnapshot);

  const meQuery = useQuery({
    queryKey: meQueryKey(session?.user.id),
    queryFn: ({ signal }) => api<Me>('/v2/auth/me', { signal }),
    enabled: session !== null,
    staleTime: 60_000,
    meta: { silent: true },
  });

  useEffect(() => {
    const onExpired = () => {
      queryClient.clear();
      enqueueSnackbar(i18n.t('app:shell.sessionExpired'), { variant: 'warning', preventDuplicate: true });
    };
    sessionExpired.addEventListener('expired', onExpired);
    return () => sessionExpired.removeEventListener('expired', onExpired);
  }, [queryClient]);

  const login = useCallback(
    async ({ email, password, remember }: LoginInput) => {
      const answer = await api<LoginAnswer>('/v2/auth/login', {
        method: 'POST',
        body: { email, password },
        anonymous: true,
      });
      queryClient.clear();
      startSession(answer.user, answer.tokens, remember);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    const refreshToken = getRefreshToken();
    clearSession();
    queryClient.clear();
    if (refreshToken) {
      await api('/v2/auth/logout', { method: 'POST', body: { refreshToken }, anonymous: true }).catch(
        () => undefined,
      );
    }
  }, [queryClient]);

  const value = useMemo<AuthValue>(
    () => ({
      session,
      me: meQuery.data,
      meStatus: meQuery.status,
      meError: meQuery.error,
      reloadMe: () => void meQuery.refetch(),
      login,
      logout,
    }),
    [session, meQuery.data, meQuery.status, meQuery.error, meQuery.refetch, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

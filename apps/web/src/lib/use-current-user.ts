import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isNotLoggedInError } from './api-errors';
import type { SessionUser } from './session-user';
import { useTRPC } from './trpc';

/**
 * auth.me, the truth about who is signed in. Spec §4: loaded at start without retry and not
 * refetched on window focus. It is re-checked when the network comes back (a laptop waking up
 * after its session expired), which is when the layout's own sign-in screen can appear.
 * Every reader goes through this hook so the options never differ between observers.
 */
export function useCurrentUserQuery() {
  const trpc = useTRPC();
  return useQuery(
    trpc.auth.me.queryOptions(undefined, {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: 'always',
    }),
  );
}

/** The signed-in user, or null (also while loading: the gate shows nothing protected then). */
export function useCurrentUser(): SessionUser | null {
  return useCurrentUserQuery().data ?? null;
}

/** Sets and refreshes the cached auth.me answer after sign-in, setup and sign-out. */
export function useUserCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  /** Uses `user` at once (when given), then asks the server again; resolves when it answered. */
  const refreshUser = useCallback(
    async (user?: SessionUser | null) => {
      const queryKey = trpc.auth.me.queryKey();
      if (user !== undefined) queryClient.setQueryData(queryKey, user);
      await queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, trpc],
  );

  /** Drops every cached answer that belonged to the previous user (keeps auth.me and public settings). */
  const forgetUserData = useCallback(() => {
    const keep = [trpc.auth.me.pathKey()[0], trpc.settings.public.pathKey()[0]].map((path) => JSON.stringify(path));
    queryClient.removeQueries({
      predicate: (query: Query) => !keep.includes(JSON.stringify(query.queryKey[0])),
    });
  }, [queryClient, trpc]);

  return { refreshUser, forgetUserData };
}

/**
 * For a live stream's onError: the server ends a stream when its session ends (sign-out
 * elsewhere, expiry, a role change, a disabled account). auth.me is then asked again, as when the
 * network comes back, so the gate shows what it shows for an ended session (the layout's sign-in
 * screen) or, after a role change, the page with the new rights.
 */
export function useSessionRecheck(): (error: unknown) => void {
  const { refreshUser } = useUserCache();
  return useCallback(
    (error: unknown) => {
      if (isNotLoggedInError(error)) void refreshUser();
    },
    [refreshUser],
  );
}

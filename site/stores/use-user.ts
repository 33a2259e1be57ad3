// The current user for React islands. Until an island has hydrated it reads as loading, exactly as
// the server rendered it: the shared store may already hold the user by then (the navigation asked
// first), and a different first render would break hydration.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $user, redirectToLogin, type CurrentUser } from './user';

export interface UserState {
  data?: CurrentUser | null;
  loading: boolean;
  error?: unknown;
}

export function useUser(): UserState {
  const value = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? value : { loading: true };
}

/** The current user for a page only a signed-in user can use: once the user is known to be signed out, off to sign in. */
export function useSignedInUser(): UserState {
  const state = useUser();
  const { data: user, loading } = state;
  useEffect(() => {
    if (loading || user) return;
    const timer = redirectToLogin();
    return () => clearTimeout(timer);
  }, [user, loading]);
  return state;
}

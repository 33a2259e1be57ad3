// The current user for React islands. Until an island has hydrated it reads as loading, exactly as
// the server rendered it: the shared store may already hold the user by then (the navigation asked
// first), and a different first render would break hydration.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $user, type CurrentUser } from './user';

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

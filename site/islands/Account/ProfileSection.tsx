// The Profile section of the account settings (a placeholder until its part of issue 26 lands).
import type { CurrentUser } from '../../stores/user';

export function ProfileSection(_props: { user: CurrentUser }) {
  return null;
}

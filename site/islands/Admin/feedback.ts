// How the panel reports an admin action: the success toast, or the failure toast with the server's
// message; a signed-out answer (401) shows the admin 'Unauthorized' toast and goes to log in, and
// a suspended or banned account is told why and goes to log in.
import { logError, serverMessage } from '../../../lib/http';
import { TOAST } from '../../../lib/messages';
import { showToast } from '../../stores/toast';
import { sentToLogin } from '../../stores/user';

export { serverMessage };

export interface Outcome<T> {
  /** The success toast: a title and an optional description, from the call's answer. */
  success: (result: T) => { title: string; description?: string };
  /** The failure toast's title (SPEC.md section 8); the server's message is its description. */
  failure: string;
}

/** Runs an action and toasts its outcome; true when it succeeded. */
export async function perform<T>(action: () => Promise<T>, outcome: Outcome<T>): Promise<boolean> {
  try {
    const result = await action();
    showToast({ ...outcome.success(result), variant: 'success' });
    return true;
  } catch (error) {
    logError(error);
    if (!sentToLogin(error, TOAST.adminUnauthorized)) {
      const description = serverMessage(error);
      showToast({
        title: outcome.failure,
        description: description && description !== outcome.failure ? description : undefined,
        variant: 'destructive',
      });
    }
    return false;
  }
}

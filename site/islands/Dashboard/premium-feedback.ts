// How the dashboard's Premium benefits report an action: a success toast, or the failure with the server's message.
import { logError, serverMessage } from '../../../lib/http';
import { showToast } from '../../stores/toast';
import { sentToLogin } from '../../stores/user';

export async function attempt(action: () => Promise<unknown>, success: string, failure: string): Promise<boolean> {
  try {
    await action();
    showToast({ title: success, variant: 'success' });
    return true;
  } catch (error) {
    logError(error);
    if (!sentToLogin(error)) showToast({ title: failure, description: serverMessage(error), variant: 'destructive' });
    return false;
  }
}

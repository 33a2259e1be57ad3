// The account page's profile, devices and data calls (docs/decisions/0096). A change to the name or avatar is written
// into the shared $user cache, so the avatar menu shows it at once; the devices list is fetched while the page shows it.
import { api, apiUrl, type Answer } from '../../lib/api-client';
import type { ProfileInput } from '../../lib/contract';
import { getOk } from '../../lib/http';
import { createFetcherStore, mutateCache, type CurrentUser } from './user';

export type Device = Answer<'GET /api/account/sessions'>[number];

const USER_KEY = apiUrl('GET /api/user');
const DEVICES_KEY = apiUrl('GET /api/account/sessions');

/** The user every island reads becomes the call's answer: the menu's name and picture change without a reload. */
function showEverywhere(user: CurrentUser): CurrentUser {
  mutateCache(USER_KEY, user);
  return user;
}

/** Saves the name; a refusal throws 'status: body' (the field's message). */
export async function saveProfile(values: ProfileInput): Promise<CurrentUser> {
  return showEverywhere(await api('POST /api/account/profile', { body: values }));
}

/** Uploads a PNG or JPG as the avatar (the server crops it square); 413, 415 and 400 throw with their message. */
export async function uploadAvatar(file: File): Promise<CurrentUser> {
  const body = new FormData();
  body.append('image', file);
  return showEverywhere(await api('POST /api/account/avatar', { body }));
}

export async function removeAvatar(): Promise<CurrentUser> {
  return showEverywhere(await api('DELETE /api/account/avatar'));
}

/** The account's signed-in devices, this one first. */
export const $devices = createFetcherStore<Device[]>([DEVICES_KEY]);

function refreshDevices(): void {
  $devices.revalidate();
}

/** Signs one device out; the list is read again (also after a failure: the device may have ended meanwhile). */
export async function signOutDevice(id: string): Promise<void> {
  try {
    await api('POST /api/account/sessions/:id/sign-out', { params: { id } });
  } finally {
    refreshDevices();
  }
}

/** Signs out every device but this one; how many it ended. */
export async function signOutOthers(): Promise<number> {
  try {
    return (await api('POST /api/account/sessions/sign-out-others')).signedOut;
  } finally {
    refreshDevices();
  }
}

/**
 * Downloads the account's data file under the name the server gives it (Content-Disposition), through a link to a
 * blob: fetching first lets a refusal (429) be shown as a toast instead of an error page.
 */
export async function downloadMyData(): Promise<void> {
  const res = await getOk(apiUrl('GET /api/account/data'));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'account-data.json';
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

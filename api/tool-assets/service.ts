// A premium tool's assets (issue 12 B): who may upload images for a tool and ask for screenshots, a demo video, a new
// logo and branding, the check that every uploaded image a request names is on disk, and the copy of a screenshot or
// cover given by address into our uploads when it is approved (docs/decisions/0067).
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { tools, type Tool, type User } from '../../db/schema';
import type { RequestedChanges, ToolImage } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { MAX_LOGO_BYTES } from '../../lib/constants';
import { OWN_IMAGE_PATH, TOOL_IMAGE_PATH, hasPremiumAssets, type ToolImageKind } from '../../lib/premium-assets';
import { takesChangeRequests } from '../../lib/tool-status';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../plugins/errors';
import { GuardedFetchError, guardedFetch, type GuardedFetchOptions } from '../services/guarded-fetch';
import { isVerifiedOwner } from '../listings/owners';
import { rateKey, takeIfAllowed } from '../rate-limit';
import { prepareToolImage, storeToolImage, uploadExists } from '../services/uploads';

/** Refuses assets for a tool that is not a premium listing: nothing is stored (403). */
function assertPremiumListing(tool: Pick<Tool, 'isPremium'>): void {
  if (!tool.isPremium) throw forbidden(MSG.premiumAssetsNeedPremiumTool);
}

/**
 * The user's approved (or unlisted) premium tool, submitted or verified as theirs (docs/decisions/0099), or the refusal
 * a change request of it would get.
 */
export async function premiumToolOf(user: Pick<User, 'id'>, toolId: number): Promise<Tool> {
  const tool = await db.query.tools.findFirst({ where: eq(tools.id, toolId) });
  if (!tool || (tool.submittedById !== user.id && !(await isVerifiedOwner(user.id, tool.id))))
    throw notFound(MSG.toolNotFound);
  if (!takesChangeRequests(tool.status)) throw conflict(MSG.changeRequestNotApproved);
  assertPremiumListing(tool);
  return tool;
}

/**
 * A change request may ask for assets only for a premium tool, and every uploaded image it names must still be there
 * (the sweep removes uploads no request held for an hour).
 */
export async function assertAssetsAllowed(tool: Pick<Tool, 'isPremium'>, changes: RequestedChanges): Promise<void> {
  if (!hasPremiumAssets(changes)) return;
  assertPremiumListing(tool);
  const uploads = [...(changes.screenshots ?? []), changes.logoUrl, changes.coverImage].filter(
    (v): v is string => typeof v === 'string' && TOOL_IMAGE_PATH.test(v),
  );
  for (const url of uploads) if (!(await uploadExists(url))) throw badRequest(MSG.toolImageNotFound);
}

/** Counts an upload against the account's hour before the image is decoded. */
export async function takeImageAllowance(userId: number): Promise<void> {
  const full = await takeIfAllowed([rateKey('tool-images-account-hour', userId)]);
  if (full.length > 0) throw new HttpError(429, MSG.toolImagesPerHour);
}

/** Checks and re-encodes the image for its kind and stores it; its path is what a change request names. */
export async function storeImage(image: Blob, kind: ToolImageKind, ownerId: number): Promise<ToolImage> {
  return { url: await storeToolImage(await prepareToolImage(image, kind), ownerId) };
}

/** Test-only loosening of the guarded fetch (a local server); the routes never pass it. */
export type RemoteImageOptions = Pick<GuardedFetchOptions, 'allowLoopback' | 'ca'>;

/**
 * Fetches an image given by address through the guarded client, checks and re-encodes it as an upload of its kind, and
 * stores it as uploaded by `ownerId` (the requester); its /uploads/ path is returned. A failure is the approval's answer, naming the address: 400 for an address
 * that may not be fetched, 413/415/400 as for an upload, 502 when its server failed.
 */
async function copyRemoteImage(
  address: string,
  kind: ToolImageKind,
  ownerId: number,
  options: RemoteImageOptions,
): Promise<string> {
  const refuse = (status: number, why: string) => new HttpError(status, MSG.remoteImageNotCopied(address, why));
  let body: Uint8Array<ArrayBuffer>;
  try {
    const response = await guardedFetch(address, {
      maxBytes: MAX_LOGO_BYTES,
      accept: 'image/png,image/jpeg',
      ...options,
    });
    if (response.status !== 200) throw refuse(502, MSG.remoteImageStatus(response.status));
    body = response.body;
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    const status =
      error.reason === 'address' || error.reason === 'protocol' ? 400 : error.reason === 'too-large' ? 413 : 502;
    throw refuse(status, MSG.remoteImageFailures[error.reason]);
  }
  try {
    return (await storeImage(new Blob([body]), kind, ownerId)).url;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) throw refuse(error.status, error.message);
    throw error;
  }
}

/**
 * The changes with each screenshot and cover given by address replaced by a copy in our uploads, so the public page
 * never makes its visitors' browsers ask another server (which could track them, or change the picture after review).
 * Run before the approval's transaction: a slow server must not hold the database's write lock. A copy left by an
 * approval that then fails is removed by the hourly sweep (no tool holds it).
 */
export async function copyRemoteImages<T extends Pick<RequestedChanges, 'screenshots' | 'coverImage'>>(
  changes: T,
  ownerId: number,
  options: RemoteImageOptions = {},
  /** Addresses left as they are: what the tool already shows, when an edit sends every field. */
  kept: ReadonlySet<string> = new Set(),
): Promise<T> {
  const copies = new Map<string, string>();
  const local = async (address: string, kind: ToolImageKind) => {
    if (OWN_IMAGE_PATH.test(address) || kept.has(address)) return address;
    const key = `${kind} ${address}`;
    if (!copies.has(key)) copies.set(key, await copyRemoteImage(address, kind, ownerId, options));
    return copies.get(key) as string;
  };
  const copied = { ...changes };
  if (changes.screenshots) {
    copied.screenshots = [];
    for (const shot of changes.screenshots) copied.screenshots.push(await local(shot, 'screenshot'));
  }
  if (changes.coverImage) copied.coverImage = await local(changes.coverImage, 'cover');
  return copied;
}

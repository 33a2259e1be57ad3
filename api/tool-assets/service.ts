// A premium tool's assets (issue 12 B): who may upload images for a tool and ask for screenshots, a demo video, a new
// logo and branding, and the check that every uploaded image a request names is on disk.
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { tools, type Tool, type User } from '../../db/schema';
import type { RequestedChanges, ToolImage } from '../../lib/contract';
import { MSG } from '../../lib/messages';
import { TOOL_IMAGE_PATH, hasPremiumAssets, type ToolImageKind } from '../../lib/premium-assets';
import { takesChangeRequests } from '../../lib/tool-status';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../plugins/errors';
import { rateKey, takeIfAllowed } from '../services/rate-limit';
import { prepareToolImage, storeToolImage, uploadExists } from '../services/uploads';

/** Refuses assets for a tool that is not a premium listing: nothing is stored (403). */
export function assertPremiumListing(tool: Pick<Tool, 'isPremium'>): void {
  if (!tool.isPremium) throw forbidden(MSG.premiumAssetsNeedPremiumTool);
}

/** The user's approved (or unlisted) premium tool, or the refusal a change request of it would get. */
export async function premiumToolOf(user: Pick<User, 'id'>, toolId: number): Promise<Tool> {
  const tool = await db.query.tools.findFirst({ where: eq(tools.id, toolId) });
  if (!tool || tool.submittedById !== user.id) throw notFound(MSG.toolNotFound);
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
export async function storeImage(image: Blob, kind: ToolImageKind): Promise<ToolImage> {
  return { url: await storeToolImage(await prepareToolImage(image, kind)) };
}

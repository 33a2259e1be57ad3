// Uploaded images: checks a logo or a post's featured image by its bytes, re-encodes it to WebP under a random name,
// stages a logo until its row is committed, sweeps what no row holds, and maps /uploads/... paths to the keys of the
// upload store (a local folder or a bucket: db/upload-store.ts), never outside it.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { blogPosts, changeRequests, tools, type User } from '../../db/schema';
import { MAX_LOGO_BYTES } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { ACCOUNT_MSG } from '../../lib/account-messages';
import { openUploadStore, recentKeys, uploadTypeOf, type UploadStore } from '../../db/upload-store';
import type { ToolImageKind } from '../../lib/premium-assets';
import { can } from '../../lib/permissions';
import { CHANGE_REQUEST_STATUS, PAGE_TOOL_STATUSES } from '../../lib/tool-status';
import { config } from '../config';
import { HttpError, badRequest } from '../plugins/errors';
import { log } from '../log';

/** Decoded size beyond which an image is refused unread (a small file can unpack to gigabytes). */
const MAX_LOGO_PIXELS = 40_000_000;
const LOGO_SIZE = 256;
const UPLOADS_URL_PREFIX = '/uploads/';

const ACCEPTED_LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

let opened: UploadStore | undefined;
/** Where uploads are kept, as config.storage says (opened on first use). */
export const uploadStore = (): UploadStore => (opened ??= openUploadStore(config.storage));

/** What an accepted image becomes, and what the uploader is told when it is refused. */
interface ImageRules {
  width: number;
  height: number;
  wrongType: string;
  tooManyPixels: string;
  unreadable: string;
}

const LOGO_RULES: ImageRules = {
  width: LOGO_SIZE,
  height: LOGO_SIZE,
  wrongType: MSG.logoWrongType,
  tooManyPixels: MSG.logoTooManyPixels,
  unreadable: MSG.logoUnreadable,
};

/** A post's featured image: the 1200 x 630 of link previews, which the blog's 16:9 frames crop only slightly. */
const POST_IMAGE_RULES: ImageRules = {
  width: 1200,
  height: 630,
  wrongType: MSG.postImageWrongType,
  tooManyPixels: MSG.postImageTooManyPixels,
  unreadable: MSG.postImageUnreadable,
};

/** A member's profile picture: a square like a logo, with its own messages. */
const AVATAR_RULES: ImageRules = {
  width: LOGO_SIZE,
  height: LOGO_SIZE,
  wrongType: ACCOUNT_MSG.avatarWrongType,
  tooManyPixels: ACCOUNT_MSG.avatarTooManyPixels,
  unreadable: ACCOUNT_MSG.avatarUnreadable,
};

/** What an owner uploads for a premium tool: screenshots in the page's 16:9 frames, a banner-shaped cover. */
const TOOL_IMAGE_RULES: Readonly<Record<ToolImageKind, ImageRules>> = {
  logo: LOGO_RULES,
  screenshot: {
    width: 1280,
    height: 720,
    wrongType: MSG.toolImageWrongType,
    tooManyPixels: MSG.toolImageTooManyPixels,
    unreadable: MSG.toolImageUnreadable,
  },
  cover: {
    width: 1600,
    height: 400,
    wrongType: MSG.toolImageWrongType,
    tooManyPixels: MSG.toolImageTooManyPixels,
    unreadable: MSG.toolImageUnreadable,
  },
};

/**
 * Checks an uploaded image (size, real type by its bytes, pixel count before decoding) and returns it re-encoded as
 * a WebP of the rules' size (cropped to fill) without metadata. Throws 413, 415 or 400.
 */
async function prepareImage(file: Blob, rules: ImageRules): Promise<Buffer> {
  if (file.size > MAX_LOGO_BYTES) throw new HttpError(413, MSG.fileTooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  // Loaded on the first upload: every process (and every test file) imports this module, few of them handle an image.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_LOGO_TYPES.has(type.mime)) throw new HttpError(415, rules.wrongType);

  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only; the pixel limit is judged here, with our message, not by sharp's default.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(rules.unreadable);
  }
  if (!width || !height) throw badRequest(rules.unreadable);
  if (width * height > MAX_LOGO_PIXELS) throw new HttpError(413, rules.tooManyPixels);

  try {
    return await sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS, failOn: 'error' })
      .rotate() // apply EXIF orientation before the metadata is dropped
      .resize(rules.width, rules.height, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(rules.unreadable);
  }
}

/** A logo re-encoded as a LOGO_SIZE square WebP; throws 413, 415 or 400 with the logo's messages. */
export const prepareLogo = (file: Blob) => prepareImage(file, LOGO_RULES);

/** A post's featured image re-encoded as a 1200 x 630 WebP; throws 413, 415 or 400 with the image's messages. */
export const preparePostImage = (file: Blob) => prepareImage(file, POST_IMAGE_RULES);

/** An owner's screenshot, logo or cover re-encoded to its kind's size; throws 413, 415 or 400. */
export const prepareToolImage = (file: Blob, kind: ToolImageKind) => prepareImage(file, TOOL_IMAGE_RULES[kind]);

/** A profile picture re-encoded as a LOGO_SIZE square WebP; throws 413, 415 or 400 with the avatar's messages. */
export const prepareAvatar = (file: Blob) => prepareImage(file, AVATAR_RULES);

/**
 * A logo is written under a hidden name (never served) and renamed to its public name only after
 * the row that holds it is committed, so a request that dies in between leaves a file the sweep
 * recognises by its name (docs/decisions/0012-submissions-and-uploads.md). In a bucket, "renamed"
 * is a copy and a delete (docs/decisions/0060-uploads-storage-and-backups.md).
 */
const STAGED_PREFIX = '.staged-';

/** How old a staged file must be before the sweep judges its request dead; no request lasts this long. */
export const STAGED_GRACE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface StagedUpload {
  /** The public path the row stores, e.g. /uploads/logos/<uuid>.webp; served once published. */
  url: string;
  /** The store's key once published, e.g. logos/<uuid>.webp. */
  key: string;
  /** Its key until then. */
  stagedKey: string;
}

const logoUrl = (name: string) => `${UPLOADS_URL_PREFIX}logos/${name}`;

/**
 * Writes a new upload. A store that refuses it (a read-only or full disk, a failing bucket) is a fault of this machine,
 * not of the request: 503 with a message, as /healthz reports it (docs/decisions/0067), instead of a bare 500.
 */
async function putUpload(key: string, bytes: Uint8Array): Promise<void> {
  try {
    await uploadStore().put(key, bytes);
  } catch (error) {
    log.error({ err: error, key }, 'an upload could not be written');
    throw new HttpError(503, MSG.uploadsUnavailable);
  }
}

/** Writes a prepared image under a fresh name in `folder`, served at once; returns its public path. */
async function storeFresh(folder: 'posts' | 'avatars', image: Buffer): Promise<string> {
  const key = `${folder}/${crypto.randomUUID()}.webp`;
  await putUpload(key, image);
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/** The store's key of an upload's public path (/uploads/...), or null when it is not one we serve. */
const storedKey = (url: string): string | null =>
  url.startsWith(UPLOADS_URL_PREFIX) ? (servedUpload(url.slice(UPLOADS_URL_PREFIX.length))?.key ?? null) : null;

/** Writes a prepared logo under a hidden name; publish it after the commit, discard it on failure. */
export async function stageLogo(image: Buffer): Promise<StagedUpload> {
  const name = `${crypto.randomUUID()}.webp`;
  const staged: StagedUpload = { url: logoUrl(name), key: `logos/${name}`, stagedKey: `logos/${STAGED_PREFIX}${name}` };
  await putUpload(staged.stagedKey, image);
  return staged;
}

/**
 * Gives a staged logo its public name, once its row is committed. Never throws: the row is saved,
 * and a file left staged is published by the next sweep.
 */
export async function publishUpload(upload: StagedUpload | null): Promise<void> {
  if (!upload) return;
  try {
    await uploadStore().move(upload.stagedKey, upload.key);
  } catch (error) {
    log.error({ err: error }, 'publishing an upload failed (the sweep retries it)');
  }
}

/** Removes a staged logo whose request failed before its row was committed. */
export async function discardUpload(upload: StagedUpload | null): Promise<void> {
  if (upload) await uploadStore().remove(upload.stagedKey);
}

/**
 * The names of the uploads in `folder` (those `wanted`, if given) last written more than STAGED_GRACE_MS before `now`.
 * `now` is the sweep's clock: a test moves it forward, since a bucket's modification times cannot be set back.
 */
async function olderThanGrace(
  folder: string,
  now: number,
  wanted: (name: string) => boolean = () => true,
): Promise<string[]> {
  const cutoff = now - STAGED_GRACE_MS;
  return (await uploadStore().list(folder)).filter((o) => wanted(o.name) && o.modifiedMs < cutoff).map((o) => o.name);
}

/**
 * Finishes what crashed requests left: a staged logo older than the grace age is published when a
 * tool row holds its URL (the crash came between commit and rename) and removed otherwise. Files
 * that were never staged are not touched.
 */
export async function sweepStagedUploads(now = Date.now()): Promise<{ published: number; removed: number }> {
  const stale = (await olderThanGrace('logos', now, (name) => name.startsWith(STAGED_PREFIX))).map((name) =>
    name.slice(STAGED_PREFIX.length),
  );
  if (stale.length === 0) return { published: 0, removed: 0 };

  const rows = await db
    .select({ logoUrl: tools.logoUrl })
    .from(tools)
    .where(inArray(tools.logoUrl, stale.map(logoUrl)));
  const held = new Set(rows.map((r) => r.logoUrl));
  let published = 0;
  for (const name of stale) {
    const stagedKey = `logos/${STAGED_PREFIX}${name}`;
    if (held.has(logoUrl(name))) {
      await uploadStore().move(stagedKey, `logos/${name}`);
      published += 1;
    } else {
      await uploadStore().remove(stagedKey);
    }
  }
  return { published, removed: stale.length - published };
}

/**
 * Writes a prepared featured image under a fresh name and returns its public path. It is served at once, so the
 * editor sees it in the post's preview before saving; one no post holds is removed by the sweep after the grace age.
 */
export const storePostImage = (image: Buffer) => storeFresh('posts', image);

/**
 * Removes featured images older than the grace age that no post holds: uploaded for a post never saved, or replaced
 * since. Younger ones may belong to a form still open.
 */
export async function sweepUnusedPostImages(now = Date.now()): Promise<number> {
  const old = await olderThanGrace('posts', now);
  if (old.length === 0) return 0;
  const urlOf = (name: string) => `${UPLOADS_URL_PREFIX}posts/${name}`;
  const rows = await db
    .select({ featuredImage: blogPosts.featuredImage })
    .from(blogPosts)
    .where(inArray(blogPosts.featuredImage, old.map(urlOf)));
  const held = new Set(rows.map((r) => r.featuredImage));
  const unused = old.filter((name) => !held.has(urlOf(name)));
  for (const name of unused) await uploadStore().remove(`posts/${name}`);
  return unused.length;
}

const AVATARS_PREFIX = `${UPLOADS_URL_PREFIX}avatars/`;

/** Writes a prepared profile picture under a fresh name and returns its public path (the avatar menu shows it). */
export const storeAvatar = (image: Buffer) => storeFresh('avatars', image);

/**
 * Removes a profile picture we stored (one from Google, or the demo data's, is only an address): after the row stops
 * naming it, so a failure here only logs and leaves a file nobody is shown.
 */
export async function removeAvatar(url: string | null): Promise<void> {
  const key = url?.startsWith(AVATARS_PREFIX) ? storedKey(url) : null;
  if (!key) return;
  try {
    await uploadStore().remove(key);
  } catch (error) {
    log.error({ err: error, key }, 'a replaced profile picture could not be removed');
  }
}

const toolImageUrl = (name: string) => `${UPLOADS_URL_PREFIX}tools/${name}`;

/**
 * A tool image's name says who uploaded it, so it can be shown to them alone before any public tool holds it (no row
 * records uploads): a random half and a hash of that half with the uploader's id, in the shape of a UUID (the address
 * rule TOOL_IMAGE_PATH is unchanged). Nobody can make a name that hashes to another's id; the hash only tells someone
 * who already has the address which account uploaded it.
 */
const uploaderHash = (random: string, ownerId: number) =>
  new Bun.CryptoHasher('sha256').update(`${random}:${ownerId}`).digest('hex').slice(0, 16);

function ownedName(ownerId: number): string {
  const random = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
  const hex = random + uploaderHash(random, ownerId);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.webp`;
}

const uploadedBy = (name: string, userId: number) => {
  const hex = name.replace(/\.webp$/, '').replaceAll('-', '');
  return hex.length === 32 && uploaderHash(hex.slice(0, 16), userId) === hex.slice(16);
};

/**
 * Writes an owner's prepared image under a fresh name that records its uploader, and returns its path. It is served at
 * once to the uploader and to reviewers, so they see it before the change request is decided, and to everyone once a
 * public tool shows it; one that neither a tool nor a pending request holds is removed by the sweep after the grace age.
 */
export async function storeToolImage(image: Buffer, ownerId: number): Promise<string> {
  const key = `tools/${ownedName(ownerId)}`;
  await putUpload(key, image);
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/** Who may see an upload: everyone, only its uploader and reviewers (not yet on a public tool), or nobody (no such file). */
type UploadVisibility = 'public' | 'private' | 'missing';

/**
 * The owners' images a public tool showed lately: a new visitor's page asks for a dozen logos, and each answer would
 * otherwise read the tools (logo, cover and every screenshot list, unindexed). Believed for a minute, so an image of a
 * tool unlisted meanwhile stays public that long (a CDN keeps it for good anyway).
 */
const shownLately = recentKeys(60_000, 10_000);

/** The folders of images owners upload: a premium tool's images, and the logos sent with submissions. */
const isOwnersUpload = (key: string) => key.startsWith('tools/') || key.startsWith('logos/');

/** Whether a tool's public page shows the owner's image at `key` (as its logo, cover or a screenshot). */
async function onPublicTool(key: string): Promise<boolean> {
  const url = `${UPLOADS_URL_PREFIX}${key}`;
  const rows = await db
    .select({ id: tools.id })
    .from(tools)
    .where(
      and(
        inArray(tools.status, [...PAGE_TOOL_STATUSES]),
        or(
          eq(tools.logoUrl, url),
          eq(tools.coverImage, url),
          sql`exists (select 1 from json_each(${tools.screenshots}) where value = ${url})`,
        ),
      ),
    )
    .limit(1);
  if (rows.length > 0) shownLately.add(key);
  return rows.length > 0;
}

/**
 * Whether `user` may see an owner's image no public tool shows yet: its uploader (for a submitted logo, the tool's
 * submitter), the sender of a pending request that names it, and whoever reviews submissions or change requests.
 */
async function mayViewPrivate(key: string, user: User | null): Promise<boolean> {
  if (!user) return false;
  if (can(user, 'review:change-requests') || can(user, 'read:pending-tools')) return true;
  const url = `${UPLOADS_URL_PREFIX}${key}`;
  if (key.startsWith('logos/')) {
    const own = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.logoUrl, url), eq(tools.submittedById, user.id)))
      .limit(1);
    return own.length > 0;
  }
  if (uploadedBy(key.slice('tools/'.length), user.id)) return true;
  const requests = await db
    .select({ requestData: changeRequests.requestData })
    .from(changeRequests)
    .where(and(eq(changeRequests.submittedById, user.id), eq(changeRequests.status, CHANGE_REQUEST_STATUS.pending)));
  return requests.some((r) => requestImages(r.requestData).includes(url));
}

/** Who may see the upload at `key`; `viewer` is asked (a session lookup) only for a private one. */
export async function uploadVisibility(key: string, viewer: () => Promise<User | null>): Promise<UploadVisibility> {
  // Post images and the demo data's are public as they were; so is what a public tool showed lately, with no lookup:
  // the answer's own read of the object finds it missing if it is.
  if (!isOwnersUpload(key) || shownLately.has(key)) return 'public';
  // A name nobody stored costs no database read (in a bucket, the miss is remembered).
  if (!(await uploadStore().exists(key))) return 'missing';
  if (await onPublicTool(key)) return 'public';
  return (await mayViewPrivate(key, await viewer())) ? 'private' : 'missing';
}

/** Whether an uploaded image (a /uploads/ path) is stored. */
export async function uploadExists(url: string): Promise<boolean> {
  const key = storedKey(url);
  return key !== null && (await uploadStore().exists(key));
}

/** The image addresses a change request's data names (screenshots, logo, cover). */
function requestImages(data: Record<string, unknown>): string[] {
  const shots = Array.isArray(data.screenshots) ? data.screenshots : [];
  return [...shots, data.logoUrl, data.coverImage].filter((v): v is string => typeof v === 'string');
}

/**
 * Removes owners' images older than the grace age that no tool and no pending change request holds: uploaded for a
 * request never sent, rejected, or replaced since. Hourly and in the background, so reading every tool's screenshots
 * (json_each) for the candidate names is affordable; pending requests are few (one per tool at most).
 */
export async function sweepUnusedToolImages(now = Date.now()): Promise<number> {
  const old = await olderThanGrace('tools', now);
  if (old.length === 0) return 0;
  const held = new Set<string>();
  for (let i = 0; i < old.length; i += 500) {
    const urls = old.slice(i, i + 500).map(toolImageUrl);
    const columns = await db
      .select({ logoUrl: tools.logoUrl, coverImage: tools.coverImage })
      .from(tools)
      .where(sql`${inArray(tools.logoUrl, urls)} or ${inArray(tools.coverImage, urls)}`);
    for (const row of columns) for (const v of [row.logoUrl, row.coverImage]) if (v) held.add(v);
    const shots = await db.all<{ value: string }>(
      sql`select shot.value as value from ${tools}, json_each(${tools.screenshots}) as shot where shot.value in ${urls}`,
    );
    for (const row of shots) held.add(row.value);
  }
  const pending = await db
    .select({ requestData: changeRequests.requestData })
    .from(changeRequests)
    .where(eq(changeRequests.status, CHANGE_REQUEST_STATUS.pending));
  for (const row of pending) for (const v of requestImages(row.requestData)) held.add(v);
  const unused = old.filter((name) => !held.has(toolImageUrl(name)));
  for (const name of unused) await uploadStore().remove(`tools/${name}`);
  return unused.length;
}

/** Sweeps at start (what the last process left) and then hourly; a failed sweep only logs. */
export function startUploadSweeper(): () => void {
  const sweep = () =>
    Promise.all([sweepStagedUploads(), sweepUnusedPostImages(), sweepUnusedToolImages()]).catch((error) =>
      log.error({ err: error }, 'upload sweep failed'),
    );
  void sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  return () => clearInterval(timer);
}

/**
 * The store's key and content type for a path below /uploads/, or null when it is not one we serve:
 * undecodable, leaving the uploads (an empty, '.' or '..' part), hidden, or not an image type we hand out.
 */
export function servedUpload(relativePath: string): { key: string; type: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  const parts = decoded.split(/[\\/]/);
  if (decoded.includes('\0') || parts.some((part) => part === '' || part.startsWith('.'))) return null;
  const type = uploadTypeOf(decoded);
  return type ? { key: parts.join('/'), type } : null;
}

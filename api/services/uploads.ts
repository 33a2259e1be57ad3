// Uploaded images: checks a logo by its bytes, re-encodes it to a square WebP under a random name,
// and maps /uploads/... paths back to files, never outside the uploads folder.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_LOGO_BYTES } from '../../lib/constants';
import { MSG } from '../../lib/messages';
import { config } from '../config';
import { HttpError, badRequest } from '../plugins/errors';

/** Decoded size beyond which an image is refused unread (a small file can unpack to gigabytes). */
export const MAX_LOGO_PIXELS = 40_000_000;
export const LOGO_SIZE = 256;
export const UPLOADS_URL_PREFIX = '/uploads/';

const ACCEPTED_LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

/** The types /uploads/ serves; anything else (svg, html, ...) is never served from there. */
export const SERVED_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** Read at call time so a test file (or a deployment) can point UPLOADS_DIR elsewhere. */
export function uploadsRoot(): string {
  return resolve(process.env.UPLOADS_DIR || config.uploadsDir);
}

/**
 * Checks a logo (size, real type by its bytes, pixel count before decoding) and returns it
 * re-encoded as a LOGO_SIZE square WebP without metadata. Throws 413, 415 or 400.
 */
export async function prepareLogo(file: Blob): Promise<Buffer> {
  if (file.size > MAX_LOGO_BYTES) throw new HttpError(413, MSG.fileTooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_LOGO_TYPES.has(type.mime)) throw new HttpError(415, MSG.logoWrongType);

  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only; the pixel limit is judged here, with our message, not by sharp's default.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(MSG.logoUnreadable);
  }
  if (!width || !height) throw badRequest(MSG.logoUnreadable);
  if (width * height > MAX_LOGO_PIXELS) throw new HttpError(413, MSG.logoTooManyPixels);

  try {
    return await sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS, failOn: 'error' })
      .rotate() // apply EXIF orientation before the metadata is dropped
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(MSG.logoUnreadable);
  }
}

export interface StoredUpload {
  /** The public path, e.g. /uploads/logos/<uuid>.webp */
  url: string;
  /** Where it lies on disk, to remove it if the request fails later. */
  path: string;
}

/** Writes a prepared logo under a random name. */
export async function storeLogo(image: Buffer): Promise<StoredUpload> {
  const dir = join(uploadsRoot(), 'logos');
  await mkdir(dir, { recursive: true });
  const name = `${crypto.randomUUID()}.webp`;
  const path = join(dir, name);
  await writeFile(path, image, { flag: 'wx' });
  return { url: `${UPLOADS_URL_PREFIX}logos/${name}`, path };
}

export async function removeUpload(upload: StoredUpload | null): Promise<void> {
  if (upload) await rm(upload.path, { force: true });
}

/**
 * The file and content type for a path below /uploads/, or null when it is not one we serve:
 * undecodable, outside the uploads folder, hidden, or not an image type we hand out.
 */
export function uploadFile(relativePath: string): { path: string; type: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).some((part) => part.startsWith('.'))) return null;
  const root = uploadsRoot();
  const path = resolve(root, decoded);
  if (!path.startsWith(root + sep)) return null;
  const type = SERVED_TYPES[extname(path).toLowerCase()];
  return type ? { path, type } : null;
}

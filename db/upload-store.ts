// Where uploaded images are kept: a local folder by default, an S3-compatible bucket (Tigris, R2, S3) when S3_BUCKET is
// set, behind one small interface (docs/decisions/0060-uploads-storage-and-backups.md). Server-only (Bun, node:fs);
// in db/ beside the database, the other half of what the directory stores: the API, the seed and the Open Graph images
// of the site all read and write uploads, and lib/ holds no server-only code (docs/decisions/0078).
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';

/** The types uploads are stored and served as, by the key's extension; anything else (svg, html, ...) is never served. */
const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

export const uploadTypeOf = (key: string): string | undefined => UPLOAD_TYPES[extname(key).toLowerCase()];

interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where the bucket is readable by anyone (a CDN or the bucket's public address): /uploads/ redirects there. */
  publicUrl?: string;
}

export interface UploadStorage {
  /** The local folder, used when no bucket is configured. */
  uploadsDir: string;
  /** The bucket, when S3_BUCKET is set; null keeps uploads in uploadsDir. */
  s3: S3Settings | null;
}

/**
 * Reads the uploads settings: api/config.ts keeps them as config.storage; the seed and the site's Open Graph images
 * (which do not import api/) read them here too, as with the site's origin (lib/site-url.ts).
 */
export function uploadStorageOf(env: Record<string, string | undefined>): UploadStorage {
  const set = (name: string) => env[name]?.trim() || undefined;
  // UPLOADS_DIR: the local folder (default data/uploads).
  const uploadsDir = set('UPLOADS_DIR') ?? 'data/uploads';
  // S3_BUCKET: the bucket's name; when set, uploads go there and UPLOADS_DIR is not used.
  const bucket = set('S3_BUCKET');
  if (!bucket) return { uploadsDir, s3: null };
  return {
    uploadsDir,
    s3: {
      bucket,
      // S3_ENDPOINT: the service's address, e.g. https://fly.storage.tigris.dev or https://<account>.r2.cloudflarestorage.com;
      // unset: AWS S3 in S3_REGION.
      endpoint: set('S3_ENDPOINT'),
      // S3_REGION: e.g. auto (Tigris, R2) or us-east-1.
      region: set('S3_REGION'),
      // S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the key pair; unset, Bun reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
      accessKeyId: set('S3_ACCESS_KEY_ID'),
      secretAccessKey: set('S3_SECRET_ACCESS_KEY'),
      // S3_PUBLIC_URL: optional public address of the bucket's objects; /uploads/<key> then redirects to <S3_PUBLIC_URL>/<key>
      // instead of streaming the object through the server.
      publicUrl: set('S3_PUBLIC_URL')?.replace(/\/+$/, ''),
    },
  };
}

interface StoredObject {
  /** The name within the listed folder. */
  name: string;
  /** When it was last written, in ms since the epoch. */
  modifiedMs: number;
}

/** Keys are relative paths such as logos/<uuid>.webp, already checked by the caller (api/services/uploads.ts). */
export interface UploadStore {
  /** Writes an image under `key` (its type from the extension), replacing any object there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's bytes, or null when there is none. */
  bytes(key: string): Promise<Uint8Array | null>;
  /** A body to answer with (streamed, never buffered whole) and its size, or null when there is none. */
  open(key: string): Promise<{ body: Blob | ReadableStream<Uint8Array>; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Gives an object another key: a rename in a folder; in a bucket (which has no rename) a copy, then a delete. */
  move(from: string, to: string): Promise<void>;
  /** The objects directly in `folder` (e.g. 'logos'), with when they were last written; none when it is empty. */
  list(folder: string): Promise<StoredObject[]>;
  /** Where anyone can read the object directly, when the bucket is public (S3_PUBLIC_URL); null: serve it ourselves. */
  publicUrl(key: string): string | null;
  /** Why uploads cannot be written now (a read-only or full disk, a file in the folder's place), or null when they can. */
  writeProblem(): Promise<string | null>;
}

/** Uploads in a folder on this machine's disk (the default, and one machine's volume in production). */
function folderStore(dir: string): UploadStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`An upload key outside the uploads folder: ${key}`);
    return path;
  };
  /** The file's size; null when there is no file at `path`. */
  const fileSize = async (path: string) => {
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? info.size : null;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async bytes(key) {
      return readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
    },
    async open(key) {
      const path = pathOf(key);
      const size = await fileSize(path);
      return size === null ? null : { body: Bun.file(path), size };
    },
    exists: async (key) => (await fileSize(pathOf(key))) !== null,
    remove: (key) => rm(pathOf(key), { force: true }),
    move: (from, to) => rename(pathOf(from), pathOf(to)),
    async list(folder) {
      const dir = pathOf(folder);
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const found: StoredObject[] = [];
      for (const name of names) {
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) found.push({ name, modifiedMs: info.mtimeMs });
      }
      return found;
    },
    publicUrl: () => null,
    async writeProblem() {
      // Only a real write tells: permissions say nothing to root, nor about a read-only mount or a full disk.
      const probe = join(root, `.write-probe-${process.pid}`);
      try {
        await mkdir(root, { recursive: true });
        await writeFile(probe, 'probe');
        await rm(probe, { force: true });
        return null;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code ?? String(error);
      }
    },
  };
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === 'NoSuchKey';

/**
 * Keys remembered for `ms`, at most `max` of them, oldest dropped first (a Map keeps insertion order): what a bucket
 * lately said it does not hold, and which uploads a public tool lately showed (api/services/uploads.ts).
 */
export function recentKeys(ms: number, max: number) {
  const until = new Map<string, number>();
  return {
    has(key: string): boolean {
      const expires = until.get(key);
      if (expires === undefined) return false;
      if (expires > Date.now()) return true;
      until.delete(key);
      return false;
    },
    add(key: string): void {
      until.delete(key);
      until.set(key, Date.now() + ms);
      if (until.size > max) until.delete(until.keys().next().value as string);
    },
    forget: (key: string) => until.delete(key),
  };
}

/** Uploads in an S3-compatible bucket, through Bun's built-in S3 client. */
function s3Store(settings: S3Settings): UploadStore {
  // Unset values stay undefined so that Bun falls back to its own environment variables (AWS_ACCESS_KEY_ID, ...).
  const client = new Bun.S3Client({
    bucket: settings.bucket,
    endpoint: settings.endpoint,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  });
  // Every /uploads/ name asked for costs a bucket request, so a run of random names would cost one each time: a miss
  // is believed for a minute (docs/decisions/0067). Writing a key forgets it. Per process: another machine's new
  // upload has a fresh random name nobody asked for before, so no remembered miss can hide it.
  const misses = recentKeys(60_000, 10_000);
  const put = async (key: string, bytes: Uint8Array) => {
    await client.write(key, bytes, { type: uploadTypeOf(key) ?? 'application/octet-stream' });
    misses.forget(key);
  };
  const bytes = async (key: string) => {
    if (misses.has(key)) return null;
    try {
      return await client.file(key).bytes();
    } catch (error) {
      if (!isMissing(error)) throw error;
      misses.add(key);
      return null;
    }
  };
  return {
    put,
    bytes,
    async open(key) {
      if (misses.has(key)) return null;
      const file = client.file(key);
      try {
        // The size (a HEAD request) first: a missing object must answer 404, not a 200 whose stream then fails.
        const { size } = await file.stat();
        return { body: file.stream(), size };
      } catch (error) {
        if (!isMissing(error)) throw error;
        misses.add(key);
        return null;
      }
    },
    async exists(key) {
      if (misses.has(key)) return false;
      const found = await client.exists(key);
      if (!found) misses.add(key);
      return found;
    },
    remove: (key) => client.delete(key),
    async move(from, to) {
      // Bun's client has no CopyObject; uploads are small (a few hundred KB at most), so the bytes go through here.
      const found = await bytes(from);
      if (!found) throw new Error(`No upload at ${from}`);
      await put(to, found);
      await client.delete(from);
    },
    async list(folder) {
      const prefix = `${folder}/`;
      const found: StoredObject[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ prefix, delimiter: '/', continuationToken });
        for (const object of page.contents ?? []) {
          // An object without a date counts as just written: a sweep never removes what it cannot date.
          found.push({
            name: object.key.slice(prefix.length),
            modifiedMs: object.lastModified ? Date.parse(object.lastModified) : Date.now(),
          });
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
      return found;
    },
    publicUrl: (key) =>
      settings.publicUrl ? `${settings.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}` : null,
    // Not probed: a write every few seconds would be billed; a failing bucket shows as 503s on upload instead.
    writeProblem: async () => null,
  };
}

/** The store the settings name: the bucket when one is configured, else the folder. */
export function openUploadStore(storage: UploadStorage): UploadStore {
  return storage.s3 ? s3Store(storage.s3) : folderStore(storage.uploadsDir);
}

let storeOfEnv: UploadStore | undefined;
/** The store this process's environment names, opened once: for the code outside the server (the seed, the site's images). */
export function uploadStoreOfEnv(): UploadStore {
  return (storeOfEnv ??= openUploadStore(uploadStorageOf(process.env)));
}

// A local S3 double for the tests of uploads in a bucket: s3rver (the S3 REST API over a folder) on a free port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's own key pair: it checks the signatures of requests against it. */
const ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  /** The S3_* variables that point the app at the bucket. */
  env: Record<string, string>;
  /** A client of the same bucket, to look at what the app stored. */
  client: Bun.S3Client;
  /** Where s3rver keeps the objects (never the app's uploads folder). */
  dir: string;
  stop(): Promise<void>;
}

/** Starts s3rver with one empty bucket, in a temporary folder. */
export async function startS3(bucket = 'uploads'): Promise<LocalS3> {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
  };
  const client = new Bun.S3Client({
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
  });
  return {
    env,
    client,
    dir,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The keys of the bucket below `prefix`. */
export async function keysOf(client: Bun.S3Client, prefix: string): Promise<string[]> {
  const page = await client.list({ prefix });
  return (page.contents ?? []).map((o) => o.key).sort();
}

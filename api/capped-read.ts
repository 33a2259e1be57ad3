// Reads a byte stream up to a cap: what a request body (plugins/bodies.ts) or an answer fetched from a member's address
// (services/guarded-fetch.ts) may hold at most, counted as it arrives rather than trusted from Content-Length.

/**
 * The stream's bytes, or null as soon as they pass `maxBytes`; with `truncate`, their first `maxBytes` instead (a link
 * check needs only the start of a page). Either way the rest is cancelled, never read.
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  options: { truncate: true },
): Promise<Uint8Array<ArrayBuffer>>;
export async function readCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  options?: { truncate?: boolean },
): Promise<Uint8Array<ArrayBuffer> | null>;
export async function readCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  { truncate = false }: { truncate?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      // Not awaited: a sender that goes on sending must not hold the answer.
      reader.cancel().catch(() => {});
      if (!truncate) return null;
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      break;
    }
    size += value.byteLength;
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

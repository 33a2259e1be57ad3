// Renders a page of site/ on demand: mounts the Astro server build's @astrojs/node handler (middleware mode) in the
// Bun server by handing it a minimal Node request/response pair, and turns its answer back into a Response.
// The exporter renders the static site through the same call, so a static file and an on-demand render of the same
// page come from one code path (docs/decisions/0032).
import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectTags } from '../../db/page-tags';
import { tagHeaders } from '../../lib/cache-tags';

type NodeHandler = (req: unknown, res: unknown, next?: (error?: unknown) => void, locals?: object) => Promise<void>;

const handlers = new Map<string, Promise<NodeHandler>>();

/** The server build's handler (build/app/server/entry.mjs by default), loaded once per folder. */
function handlerOf(appDir: string): Promise<NodeHandler> {
  const dir = resolve(appDir);
  let handler = handlers.get(dir);
  if (!handler) {
    handler = import(pathToFileURL(join(dir, 'server/entry.mjs')).href).then(
      (m: { handler: NodeHandler }) => m.handler,
    );
    handlers.set(dir, handler);
    handler.catch(() => handlers.delete(dir));
  }
  return handler;
}

/** The part of http.ServerResponse that Astro's writeResponse uses, collecting the body. */
class CollectingResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  destroyed = false;
  private headers = new Headers();
  private chunks: Uint8Array[] = [];
  readonly done: Promise<Response | null>;
  private settle!: (response: Response | null) => void;
  private fail!: (error: unknown) => void;

  constructor(
    readonly req: unknown,
    /** The tags the render read so far: complete when it ends, then sent as the page's tag headers. */
    private readonly tags: Set<string>,
  ) {
    super();
    this.done = new Promise((resolveDone, rejectDone) => {
      this.settle = resolveDone;
      this.fail = rejectDone;
    });
  }

  setHeader(name: string, value: string | string[]): void {
    this.headers.delete(name);
    for (const v of Array.isArray(value) ? value : [value]) this.headers.append(name, String(v));
  }

  writeHead(status: number, headers?: Record<string, string | string[] | undefined>): this {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) this.setHeader(name, value);
    this.headersSent = true;
    return this;
  }

  write(chunk: string | Uint8Array, callback?: () => void): boolean {
    this.chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
    callback?.();
    return true;
  }

  end(chunk?: string | Uint8Array): this {
    if (chunk) this.write(chunk);
    this.headersSent = true;
    for (const [name, value] of Object.entries(tagHeaders(this.tags))) this.headers.set(name, value);
    this.emit('finish');
    this.emit('close');
    this.settle(new Response(Buffer.concat(this.chunks), { status: this.statusCode, headers: this.headers }));
    return this;
  }

  destroy(error?: unknown): void {
    this.destroyed = true;
    this.emit('close');
    this.fail(error ?? new Error('The page render was aborted.'));
  }

  /** No route matched: the handler called next(). */
  passed(error?: unknown): void {
    if (error) this.fail(error);
    else this.settle(null);
  }
}

interface RenderOptions {
  /** The Astro server build (build/app by default). */
  appDir: string;
  /** The public origin the page is rendered for: its canonical links and Astro.url. */
  siteUrl: string;
  /** Data handed to the page (Astro.locals), e.g. rows the exporter read in bulk. */
  locals?: object;
  /** The tags of that data (the bulk queries give each page's): the render adds the tags of what it reads itself. */
  tags?: readonly string[];
}

/**
 * Renders `path` (pathname and search) as a GET from a visitor; null when no page of site/ matches it.
 * Answers carry the status the page chose (404 for a tool that is not public) and Astro's headers, CSP included, and
 * the tags of everything the render read (lib/cache-tags.ts tagHeaders).
 */
export async function renderPage(
  path: string,
  { appDir, siteUrl, locals, tags }: RenderOptions,
): Promise<Response | null> {
  const handler = await handlerOf(appDir);
  const origin = new URL(siteUrl);
  const socket = Object.assign(new EventEmitter(), {
    encrypted: origin.protocol === 'https:',
    remoteAddress: '127.0.0.1',
    destroyed: false,
  });
  const req = Object.assign(new EventEmitter(), {
    method: 'GET',
    url: path,
    headers: { host: origin.host, accept: 'text/html' },
    socket,
    connection: socket,
  });
  const read = new Set(tags);
  const res = new CollectingResponse(req, read);
  await collectTags(() => handler(req, res, (error?: unknown) => res.passed(error), locals), read);
  return res.done;
}

/** A rendered answer read whole, so that it can be kept and answered again. */
export interface RenderedPage {
  status: number;
  html: string;
  headers: [string, string][];
}

/** `renderPage`, read whole; null when no page of site/ matches `path`. */
export async function renderWhole(path: string, options: RenderOptions): Promise<RenderedPage | null> {
  const response = await renderPage(path, options);
  return response && { status: response.status, html: await response.text(), headers: [...response.headers] };
}

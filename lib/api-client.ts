// The islands' typed client: each call is named by its "METHOD /path" in the contract's endpoints map, and its path
// parameters, query, body and answer take their types from the schemas the route declares. Types only: the browser
// loads no schema and checks no answer (zod is jitless there, and heavy), and calls go through lib/http.ts, so errors
// stay its "status: body" ApiError.
import type { z } from 'zod';
import type { Endpoints, HttpMethod, Json } from './contract';
import { getJson, send } from './http';

export type Endpoint = keyof Endpoints;

export type Schemas<E extends Endpoint> = Endpoints[E];
type ResponseSchema<E extends Endpoint> = Schemas<E>['response'];
/** The answer's schema: the route's one schema, or the one of its success status (201, 202). */
type SuccessSchema<R> = R extends z.ZodType ? R : R[keyof R];

/** What the call answers, as JSON carries it (a timestamp is its ISO text). */
export type Answer<E extends Endpoint> = Json<z.output<SuccessSchema<ResponseSchema<E>>>>;

/** Each path parameter as the route reads it (a tool's id) or as the address carries it (its text). */
type ParamsPart<S> = S extends { params: infer P extends z.ZodType }
  ? { params: { [K in keyof z.output<P>]: z.output<P>[K] | (K extends keyof z.input<P> ? z.input<P>[K] : never) } }
  : { params?: never };
/** The query as the route reads it; any field may be left out (the route's default then applies). */
type QueryPart<S> = S extends { query: infer Q extends z.ZodType }
  ? { query?: Partial<z.output<Q>> }
  : { query?: never };
/** A JSON body is what the route's schema takes (no body at all when every field is optional); a multipart one a form. */
type BodyPart<S> = S extends { body: infer B extends z.ZodType }
  ? // biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether every field of T is optional
    {} extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : S extends { multipart: z.ZodType }
    ? { body: FormData }
    : { body?: never };

/** What a call's address holds: path parameters and query, each only where the route takes one. */
export type ApiAddress<E extends Endpoint> = ParamsPart<Schemas<E>> & QueryPart<Schemas<E>>;
/** What a call sends: its address's parts and its body. */
export type ApiRequest<E extends Endpoint> = ApiAddress<E> & BodyPart<Schemas<E>>;
/** The argument is optional when nothing in it is required. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether every field of T is optional
type Optional<T> = {} extends T ? [T?] : [T];

type Method<E extends Endpoint> = E extends `${infer M extends HttpMethod} ${string}` ? M : never;

function split<E extends Endpoint>(endpoint: E): { method: Method<E>; template: string } {
  const space = endpoint.indexOf(' ');
  return { method: endpoint.slice(0, space) as Method<E>, template: endpoint.slice(space + 1) };
}

/** The address of a call: its path with the parameters filled in, then the query fields that are set (a list's field once per value). */
export function apiUrl<E extends Endpoint>(endpoint: E, ...[address]: Optional<ApiAddress<E>>): string {
  const { params, query } = (address ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = split(endpoint).template.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls the API: `api('POST /api/admin/tools/:id/approve', { params: { id }, body: review })`. A non-OK answer throws. */
export function api<E extends Endpoint>(endpoint: E, ...[request]: Optional<ApiRequest<E>>): Promise<Answer<E>> {
  const url = apiUrl(endpoint, ...([request] as Optional<ApiAddress<E>>));
  const { method } = split(endpoint);
  if (method === 'GET') return getJson<Answer<E>>(url);
  return send<Answer<E>>(method, url, (request as { body?: unknown } | undefined)?.body);
}

// How the guarded client and the claims' DNS check resolve names: the system's DNS, or a test's stub, so tests reach
// local servers under made-up names and read made-up TXT records without any network (docs/decisions/0067, 0099).
import { lookup, resolveTxt } from 'node:dns/promises';

interface Resolver {
  /** Every address of the name; throws when it has none. */
  addresses(host: string): Promise<string[]>;
  /** Its TXT records, each as its strings. */
  txt(host: string): Promise<string[][]>;
  /** Loopback ports a test allows the guarded client to connect to (none outside tests). */
  loopbackPorts: ReadonlySet<number>;
}

const system: Resolver = {
  addresses: async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address),
  txt: (host) => resolveTxt(host),
  loopbackPorts: new Set(),
};

let current: Resolver = system;

/** The resolver in use. */
export function resolver(): Resolver {
  return current;
}

/** A name a stub does not know: answered as DNS answers a name that does not exist. */
function notFound(host: string): Error {
  return Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}

/**
 * Tests only: names resolve from `hosts` and `txt` (nothing else resolves), and the guarded client may connect to
 * these loopback ports (the test's servers; any other loopback port stays refused). Returns what restores the system's
 * resolver. Never called by the product's code.
 */
export function useTestNetwork({
  hosts = {},
  txt = {},
  loopbackPorts = [],
}: {
  hosts?: Record<string, string | string[]>;
  txt?: Record<string, string[][]>;
  loopbackPorts?: number[];
}): () => void {
  current = {
    addresses: async (host) => {
      const found = hosts[host.toLowerCase()];
      if (!found) throw notFound(host);
      return Array.isArray(found) ? found : [found];
    },
    txt: async (host) => {
      const found = txt[host.toLowerCase()];
      if (!found) throw notFound(host);
      return found;
    },
    loopbackPorts: new Set(loopbackPorts),
  };
  return () => {
    current = system;
  };
}

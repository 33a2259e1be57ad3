// The site's public origin, derived the same way by the server (api/config.ts) and the build (astro.config.mjs).
export const DEFAULT_PORT = 4321;

type SiteEnv = Record<string, string | undefined> & { SITE_URL?: string; PORT?: string };

/** SITE_URL when set; otherwise the port the one server listens on, so links point where it runs. */
export function siteUrlOf(env: SiteEnv): string {
  return (env.SITE_URL?.trim() || `http://localhost:${env.PORT?.trim() || DEFAULT_PORT}`).replace(/\/+$/, '');
}

/** The development sign-in links for the seeded demo accounts (api/auth/routes.ts demoRoutes). */
export function demoSignInLinks(origin: string): string[] {
  return ['admin', 'user'].map((who) => `${origin}/auth/demo/${who}`);
}

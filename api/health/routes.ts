// GET /healthz: the platform's health check (fly.toml), answered by every server process, replicas included:
// 200 with the report when this machine can serve, 503 naming the failing checks otherwise (api/services/health.ts).
import { Elysia } from 'elysia';
import { checkHealth } from '../services/health';

export function healthRoutes(options: Parameters<typeof checkHealth>[0] = {}) {
  return new Elysia().get(
    '/healthz',
    async ({ set }) => {
      const report = await checkHealth(options);
      set.status = report.ok ? 200 : 503;
      set.headers['cache-control'] = 'no-store';
      return report;
    },
    { detail: { hide: true } },
  );
}

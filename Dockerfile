# The image (docs/operations.md, docs/decisions/0061): the pages' server build is made here, at image build time, so
# a machine starts by migrating and serving; the database, the uploads and the live site build stay on the volume
# (/data). The server runs as the unprivileged user `app`.

# Build stage: every dependency (the build toolchain is in devDependencies too), then the server build of site/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
# The server build bakes the public origin into canonical links and feeds: pass the deployment's (fly.toml [build.args]).
ARG SITE_URL=""
# No database is needed (nor made) for it.
# (The step itself is always a production bundle; the server's production settings are checked where it runs.)
RUN SITE_URL="$SITE_URL" DATABASE_URL="file::memory:" node_modules/.bin/bun scripts/build-site.ts --app-only
# The runtime keeps the production dependencies (astro rebuilds the site on approval) and Bun's binary;
# not the libSQL server the tests run (an optional dependency, so that other platforms install without it).
RUN cp node_modules/bun/bin/bun.exe /usr/local/bin/bun && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/sqld-binary .bin

# Runtime stage.
FROM node:20-bookworm-slim
RUN groupadd --system --gid 10001 app && useradd --system --uid 10001 --gid app --home-dir /app --shell /usr/sbin/nologin app
WORKDIR /app
COPY --from=build /usr/local/bin/bun /usr/local/bin/bun
COPY --from=build /app /app
RUN mkdir -p /data && chown app:app /data
ENV NODE_ENV=production PORT=8080 DATABASE_URL=file:/data/app.db UPLOADS_DIR=/data/uploads DIST_DIR=/data/dist
EXPOSE 8080
# Starts as root only to hand the mounted volume to `app` (a fresh Fly volume is root's), then drops to `app`.
ENTRYPOINT ["scripts/docker-entrypoint.sh"]
CMD ["bun", "scripts/start.ts", "--prebuilt-app"]

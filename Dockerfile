# The one-process image: Bun (from npm) runs the API, serves the build, and rebuilds the site
# on approval, so the build toolchain (astro, pagefind) stays in the image.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm install --include=dev --no-audit --no-fund
COPY . .
# The live build sits on the volume beside the database, so a restart serves it even when the start-up
# rebuild fails (docs/decisions/0027).
# Which proxy header carries the client address depends on the host: fly.toml sets TRUSTED_PROXY_HEADER
# (docs/decisions/0021); the retired TRUST_PROXY would stop the start.
ENV PORT=8080 DATABASE_URL=file:/data/app.db UPLOADS_DIR=/data/uploads DIST_DIR=/data/dist OG_CACHE_DIR=/data/og
EXPOSE 8080
CMD ["npm", "start"]

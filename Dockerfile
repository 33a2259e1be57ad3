# The one-process image: Bun (from npm) runs the API, serves the build, and rebuilds the site
# on approval, so the build toolchain (astro, pagefind) stays in the image.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm install --include=dev --no-audit --no-fund
COPY . .
ENV PORT=8080 DATABASE_URL=file:/data/app.db UPLOADS_DIR=/data/uploads TRUST_PROXY=1
EXPOSE 8080
CMD ["npm", "start"]

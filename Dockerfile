# syntax=docker/dockerfile:1
# Two stages: the builder has the native toolchain (better-sqlite3 compiles), the runtime has only the app.

FROM node:24-bookworm-slim AS builder
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    EMBEDDED_API_DB=/data/embedded-api.sqlite \
    NOTIFICATIONS_DB=/data/notifications.sqlite
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home-dir /app app && mkdir -p /data && chown app:app /data
COPY --from=builder /app/package.json ./package.json
COPY --from=builder /app/node_modules ./node_modules
COPY --from=builder /app/build ./build
COPY --from=builder /app/embedded-api/media ./embedded-api/media
USER app
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# The cluster primary: one worker per CPU of the container's quota (WEB_CONCURRENCY overrides), each worker's V8
# heap sized from the container's memory limit (MEMORY_LIMIT_BYTES overrides); see decisions 0190 and 0192.
CMD ["node", "build/server-cluster.js"]

# syntax=docker/dockerfile:1
# Adreel's production image (decision 031; docs/operations.md "Containers").
# Every RUN step is a command or a script of this repository that CI runs too: `npm ci` and
# `npm run build` as .ci/run and .ci/prod-smoke.sh run them, .ci/prod-install.sh and
# .ci/apt-install.sh as .ci/prod-smoke.sh runs them. CI has no container engine, so the recipe holds
# nothing CI has not built, installed and started itself.

# --- build: the web app and the server's bundle, then a copy of them installed without devDependencies
FROM node:24-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
RUN .ci/prod-install.sh /app

# --- runtime: Node 24, Debian's ffmpeg (decision 027), the build, an unprivileged user
FROM node:24-slim
RUN --mount=type=bind,source=.ci/apt-install.sh,target=/usr/local/bin/apt-install.sh \
    APT_CLEAN=1 apt-install.sh ffmpeg
# Production refuses /metrics open to anyone on PORT: run it with METRICS_TOKEN or METRICS_PORT
# (the compose file sets METRICS_PORT=9464), or METRICS=false (decision 031).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    FFMPEG_SOURCE=system
WORKDIR /app
# DATA_DIR is /app/data (the default, relative to /app): upload parts, shared by every process.
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run start:prod` without npm in between, so SIGTERM reaches the server (graceful shutdown),
# and without .env: a container takes its settings from the environment.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]

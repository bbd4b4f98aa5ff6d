# syntax=docker/dockerfile:1
# The product's image: `docker build -t company-tools .` (deploy/compose.yaml builds it too).
# Everything the image contains is produced by scripts/build-image.sh, which `npm run test:topology` also runs and
# starts its instances from, so the image cannot drift from what is tested.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
RUN sh scripts/build-image.sh /out

FROM node:24-bookworm-slim AS runtime
# pg_dump/pg_restore for `npm run backup` / `npm run restore` (Debian bookworm: PostgreSQL 15 client; it must be at
# least the server's major version) and tini as PID 1 so SIGTERM reaches the server and it drains.
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /out/ ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# Ready = the database and shared state answer (the same signal nginx and orchestrators use).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/src/main.ts"]

# Sonoscript's production image. Stages: npm dependencies, whisper.cpp's whisper-server (built the
# way scripts/build-whisper.mjs builds it), the app's build, and the runtime: Debian bookworm with
# ffmpeg, PocketSphinx and its models, espeak-ng, the PDF fonts, and the built app, run as a
# non-root user. Settings are the README's, as environment variables; ROLE picks the processes.
#
#   docker build -t sonoscript .
#   docker run -p 3000:3000 -v sonoscript-data:/data sonoscript

# --- npm dependencies (all of them: the build needs the dev tools) ---
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# As scripts/bootstrap.mjs: `npm install` (npm ci refuses the lock over Tailwind's optional
# per-platform packages), and onnxruntime-node's CPU build only (no CUDA download).
RUN ONNXRUNTIME_NODE_INSTALL=skip npm install --no-save --no-audit --no-fund --loglevel=error

# --- whisper-server from the sources the nodejs-whisper package ships ---
FROM deps AS whisper
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends cmake build-essential \
 && rm -rf /var/lib/apt/lists/*
COPY scripts/build-whisper.mjs scripts/build-whisper.mjs
RUN node scripts/build-whisper.mjs \
 && cp .cache/whisper/*/bin/whisper-server /usr/local/bin/whisper-server \
 && /usr/local/bin/whisper-server --help > /dev/null

# --- the app: web build, prerendered pages, compiled server, then production dependencies only ---
FROM deps AS build
# The build's inputs only (scripts/bootstrap.mjs's BUILD_INPUTS): other files change without
# invalidating this stage's cache.
COPY tsconfig.json tsconfig.server.json vite.config.ts ./
COPY scripts/build.mjs scripts/prerender.mjs scripts/
COPY src src
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund --loglevel=error \
 # onnxruntime-node ships every platform's library: this image needs Linux x64's only.
 && find node_modules/onnxruntime-node/bin -mindepth 2 -maxdepth 2 ! -name linux -exec rm -rf {} + \
 && find node_modules/onnxruntime-node/bin -path '*/linux/*' -mindepth 3 -maxdepth 3 ! -name x64 -exec rm -rf {} + \
 # whisper.cpp's sources were for the whisper stage; the server reads only the version.
 && find node_modules/nodejs-whisper -mindepth 1 -maxdepth 1 ! -name package.json -exec rm -rf {} +

# --- runtime ---
FROM node:22-bookworm-slim
# The packages scripts/bootstrap.mjs installs for `npm start` (RUNTIME_PACKAGES), and tini to
# reap the child processes (ffmpeg, whisper-server) and pass signals on.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      ffmpeg pocketsphinx pocketsphinx-en-us espeak-ng \
      fonts-dejavu-core fonts-lohit-deva fonts-droid-fallback fonts-symbola \
      tini \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && groupadd --system --gid 10001 sonoscript \
 && useradd --system --uid 10001 --gid sonoscript --home-dir /data --no-create-home sonoscript \
 && mkdir -p /data \
 && chown sonoscript:sonoscript /data \
 && chmod 700 /data
WORKDIR /app
COPY --from=whisper /usr/local/bin/whisper-server /usr/local/bin/whisper-server
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY docker/entrypoint.sh docker/healthcheck.mjs ./docker/
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    ROLE=all \
    WHISPER_SERVER_PATH=/usr/local/bin/whisper-server
USER sonoscript
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "/app/docker/healthcheck.mjs"]
ENTRYPOINT ["/usr/bin/tini", "--", "/app/docker/entrypoint.sh"]
# Last, so that a new revision or build time does not invalidate the layers above.
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="Sonoscript" \
      org.opencontainers.image.description="Self-hostable web service that turns audio into text" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="docker.io/library/node:22-bookworm-slim"

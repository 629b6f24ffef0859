#!/bin/sh
# The image's start. ROLE picks the processes, as the npm scripts do outside Docker:
#   all (default)  the web server with transcription workers in-process (`npm start`)
#   api            the web server only, RUN_WORKERS=false (behind a proxy, with separate workers)
#   worker         transcription workers only (`npm run worker`; needs DATABASE_URL)
# Other commands run as given: `docker run IMAGE reset-password someone@example.com`, `sh`.
set -eu

# Containers that split the work share sessions and stored audio: each generating its own secret
# or key would leave them unable to read each other's.
case "${ROLE:-all}" in
  api | worker)
    if [ -z "${AUTH_SECRET:-}" ] || { [ -z "${ENCRYPTION_KEY:-}" ] && [ -z "${ENCRYPTION_KEY_FILE:-}" ]; }; then
      echo "ROLE=$ROLE needs AUTH_SECRET and ENCRYPTION_KEY (or ENCRYPTION_KEY_FILE), the same in every container: set them in .env (see compose.env.example)" >&2
      exit 2
    fi
    ;;
esac

# Production needs AUTH_SECRET. A single container without one keeps a generated secret in its
# data volume ($DATA_DIR/auth-secret, as `npm start` does outside production), so
# `docker run -v data:/data IMAGE` works and sessions survive restarts. Several containers must
# share one from the environment (compose.yaml's scale profile takes it from .env).
if [ -z "${AUTH_SECRET:-}" ]; then
  secret_file="${DATA_DIR:-/data}/auth-secret"
  if [ ! -s "$secret_file" ]; then
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64url'))" > "$secret_file")
    echo "AUTH_SECRET is not set: generated one in $secret_file (set AUTH_SECRET to share one between containers)"
  fi
  AUTH_SECRET="$(cat "$secret_file")"
  export AUTH_SECRET
fi

cd /app
case "${1:-}" in
  '') ;;
  reset-password)
    shift
    exec node dist/server/reset-password.js "$@"
    ;;
  *) exec "$@" ;;
esac

case "${ROLE:-all}" in
  all) exec node dist/server/main.js ;;
  api)
    export RUN_WORKERS=false
    exec node dist/server/main.js
    ;;
  worker) exec node dist/server/worker.js ;;
  *)
    echo "ROLE must be all, api or worker (it is \"$ROLE\")" >&2
    exit 2
    ;;
esac

#!/bin/sh
# The official image's start-up, in short: a new data folder is initialised with
# POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, then the server runs as the postgres user.
set -eu
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" > /dev/null
  rm -f "$password_file"
  printf "listen_addresses = '*'\n" >> "$PGDATA/postgresql.conf"
  printf 'host all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start > /dev/null
    psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -q \
      -c "CREATE DATABASE \"$database\""
    pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi
if [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi
exec "$@"

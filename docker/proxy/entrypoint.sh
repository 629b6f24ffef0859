#!/bin/sh
# Writes nginx's configuration from the environment and runs nginx in the foreground.
#   PORT (3000)   HOST (0.0.0.0)   UPSTREAMS: the API servers, "127.0.0.1:3001 127.0.0.1:3002"
set -eu
PORT="${PORT:-3000}"
HOST="${HOST:-0.0.0.0}"
UPSTREAMS="${UPSTREAMS:?UPSTREAMS must list the API servers}"
servers=""
for upstream in $UPSTREAMS; do
  servers="$servers    server $upstream max_fails=2 fail_timeout=5s;
"
done
mkdir -p /tmp/nginx
cat > /tmp/nginx/nginx.conf <<CONF
worker_processes auto;
pid /tmp/nginx/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path /tmp/nginx/body;
  proxy_temp_path /tmp/nginx/proxy;
  fastcgi_temp_path /tmp/nginx/fastcgi;
  uwsgi_temp_path /tmp/nginx/uwsgi;
  scgi_temp_path /tmp/nginx/scgi;
  # The app sets and enforces its own limits on uploads; they stream through unbuffered, and so
  # do its event streams and live-preview WebSockets.
  client_max_body_size 0;
  proxy_request_buffering off;
  proxy_buffering off;
  proxy_read_timeout 1h;
  proxy_send_timeout 1h;
  map \$http_upgrade \$connection_upgrade { default upgrade; '' ''; }
  upstream sonoscript {
    least_conn;
$servers    keepalive 32;
  }
  server {
    listen $HOST:$PORT;
    location / {
      proxy_pass http://sonoscript;
      proxy_http_version 1.1;
      proxy_next_upstream error timeout;
      proxy_set_header Host \$http_host;
      # Replaced, not appended to: the app (TRUST_PROXY=true) sees the client's own address.
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
    }
  }
}
CONF
exec nginx -c /tmp/nginx/nginx.conf -g 'daemon off;'

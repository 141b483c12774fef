#!/bin/sh
# Reloads nginx when a file it reads changes: the certificate and key that cert-manager renews in
# the TLS Secret (deploy/README.md, Certificates). Kubernetes swaps a mounted Secret's files in
# place, and nginx reads them only at start and on reload, so without this it would serve the
# old certificate until it expires. Run beside nginx, sharing its pid namespace and /tmp:
#   reload-on-change.sh /etc/desk-booking/tls/tls.crt /etc/desk-booking/tls/tls.key
# Every RELOAD_INTERVAL seconds (30) it compares the files' checksum with the last one and, when it
# differs, runs `$NGINX -s reload` ($NGINX: `nginx` unless set), which reads the new files first:
# a pair nginx refuses is logged and tried again every round until it takes it. POSIX sh and cksum.
set -u
interval=${RELOAD_INTERVAL:-30}
nginx=${NGINX:-nginx}

if [ "$#" -eq 0 ]; then
  echo "usage: reload-on-change.sh FILE..." >&2
  exit 2
fi

checksum() {
  cat "$@" 2>/dev/null | cksum
}

last=$(checksum "$@")
echo "reload-on-change: watching $*, every ${interval} s"
while sleep "$interval"; do
  now=$(checksum "$@")
  [ "$now" = "$last" ] && continue
  # shellcheck disable=SC2086 # $nginx may carry options: nginx -p … -c …
  if $nginx -s reload; then
    echo "reload-on-change: $* changed: nginx reloaded"
    last=$now
  else
    echo "reload-on-change: $* changed, but nginx refused to reload; trying again in ${interval} s" >&2
  fi
done

#!/bin/sh
# Keeps nginx's status log (STATUS_LOG, the route and status of each answer, some 10 bytes each)
# from filling the pod's volume: every ROTATE_INTERVAL seconds (60), once the log holds
# ROTATE_BYTES (4 MiB, some 400,000 answers) or more, it is renamed to <log>.1, replacing the
# last one, and `$NGINX -s reopen` ($NGINX: `nginx` unless set) has nginx write a new one. The
# status exporter (mtail) follows the rename and reads both to their ends, so no answer goes
# uncounted. Run beside nginx, sharing its pid namespace and /tmp:
#   rotate-status-log.sh /var/log/desk-booking/status.log
set -u
interval=${ROTATE_INTERVAL:-60}
limit=${ROTATE_BYTES:-4194304}
nginx=${NGINX:-nginx}

if [ "$#" -ne 1 ]; then
  echo "usage: rotate-status-log.sh LOG" >&2
  exit 2
fi
log=$1

echo "rotate-status-log: keeping $log under $limit bytes, every ${interval} s"
while sleep "$interval"; do
  size=$(wc -c < "$log" 2>/dev/null || echo 0)
  [ "$size" -lt "$limit" ] && continue
  # shellcheck disable=SC2086 # $nginx may carry options: nginx -p … -c …
  if mv -f "$log" "$log.1" && $nginx -s reopen; then
    echo "rotate-status-log: $log rotated at $size bytes"
  else
    echo "rotate-status-log: $log could not be rotated; trying again in ${interval} s" >&2
  fi
done

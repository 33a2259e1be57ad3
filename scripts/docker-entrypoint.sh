#!/bin/sh
# The image's entry point: a fresh volume is mounted owned by root, so while still root it gives the data folder to
# the unprivileged user `app` and runs the command as `app`; started as any other user it runs the command as is.
set -eu
DATA_DIR="${DATA_DIR:-/data}"
if [ "$(id -u)" = "0" ] && id app >/dev/null 2>&1; then
  mkdir -p "$DATA_DIR"
  [ "$(stat -c %U "$DATA_DIR")" = "app" ] || chown -R app:app "$DATA_DIR"
  exec setpriv --reuid=app --regid=app --init-groups -- "$@"
fi
exec "$@"

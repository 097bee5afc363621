#!/usr/bin/env bash
# A throw-away PostgreSQL for the leaderboard's tests, on 127.0.0.1 only.
#   tools/pg_test_server.sh start [DIR]   initdb in DIR (default: a new temporary folder),
#                                         start it on a free local port and print its URL
#   tools/pg_test_server.sh stop DIR      stop it and remove DIR
# PostgreSQL refuses to run as root: as root, it runs as the system user "migongpg"
# (created when missing).  Needs Debian's postgresql (apt-get install -y postgresql).
set -euo pipefail
PATH="${PATH}:/usr/sbin:/sbin"  # runuser and useradd

find_bin() {
    local name=$1
    if command -v "${name}" >/dev/null; then command -v "${name}"; return; fi
    local found
    found="$(printf '%s\n' /usr/lib/postgresql/*/bin/"${name}" | sort -V | tail -n 1)"
    [ -x "${found}" ] || { echo "pg_test_server: ${name} not found: apt-get install -y postgresql" >&2; exit 2; }
    echo "${found}"
}

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u migongpg -- "$@"
    else
        "$@"
    fi
}

cmd=${1:-}
case "${cmd}" in
start)
    INITDB="$(find_bin initdb)"
    PG_CTL="$(find_bin pg_ctl)"
    DIR=${2:-$(mktemp -d /tmp/migong-pg.XXXXXX)}
    mkdir -p "${DIR}"
    if [ "$(id -u)" -eq 0 ]; then
        id -u migongpg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin migongpg
        chown migongpg "${DIR}"
    fi
    PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_owner "${INITDB}" -D "${DIR}/data" -U migong --auth=trust -E UTF8 --locale=C.UTF-8 >"${DIR}/initdb.log" 2>&1 \
        || { cat "${DIR}/initdb.log" >&2; exit 1; }
    as_owner "${PG_CTL}" -D "${DIR}/data" -l "${DIR}/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -c port=${PORT} -c unix_socket_directories=${DIR} -c fsync=on" \
        start >/dev/null || { cat "${DIR}/server.log" >&2; exit 1; }
    echo "postgresql://migong@127.0.0.1:${PORT}/postgres"
    echo "${DIR}" >"${DIR}/dir"
    echo "pg_test_server: started in ${DIR} (stop: $0 stop ${DIR})" >&2
    ;;
stop)
    DIR=${2:?usage: $0 stop DIR}
    PG_CTL="$(find_bin pg_ctl)"
    if [ -d "${DIR}/data" ]; then
        as_owner "${PG_CTL}" -D "${DIR}/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "${DIR}"
    ;;
*)
    echo "usage: $0 start [DIR] | stop DIR" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# scripts/with-postgres.sh CMD [ARG...]: runs CMD with a PostgreSQL of its own, for
# the tests (make unit, make pg-test) and by hand (make pg-shell). It makes a
# cluster in a new temporary directory (Debian's postgresql package: the newest
# /usr/lib/postgresql/*/bin, or PG_BIN), started on a unix socket in that
# directory only (no TCP port), with a role egm_test (a random password) owning a
# database egm_test; runs CMD with
#   EGM_TEST_POSTGRES=postgres://egm_test@/egm_test?host=DIR  (no password in it)
#   PGPASSWORD=the role's password                            (libpq's and pgx's variable)
# and stops the cluster and removes the directory when CMD ends, however it ends
# (its exit status is the script's). Run as root (CI), the cluster belongs to the
# postgres system user (initdb refuses root); otherwise to the user running it.
#   KEEP=1  keep the directory (its path and the server's log are printed)
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
	echo "with-postgres: no PostgreSQL server (initdb) found: install Debian's postgresql package (make deps) or set PG_BIN" >&2
	exit 1
fi
if [ $# -eq 0 ]; then
	echo "usage: scripts/with-postgres.sh CMD [ARG...]" >&2
	exit 2
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/egm-pg.XXXXXX")
as=()
if [ "$(id -u)" = 0 ]; then
	owner=${PG_USER:-postgres}
	if ! id "$owner" >/dev/null 2>&1; then
		echo "with-postgres: running as root, and there is no user $owner to own the cluster (initdb refuses root)" >&2
		rm -rf "$dir"
		exit 1
	fi
	chown "$owner:" "$dir"
	as=(runuser -u "$owner" --)
fi
chmod 700 "$dir"

pg() { (cd "$dir" && "${as[@]}" "$@"); }

started=""
cleanup() {
	status=$?
	if [ -n "$started" ]; then
		pg "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 ||
			pg "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
	fi
	if [ "${KEEP:-}" = 1 ]; then
		echo "with-postgres: kept $dir (server log: $dir/log)" >&2
	else
		rm -rf "$dir"
	fi
	exit "$status"
}
child=""
# A signal to the script goes on to CMD (which then ends), and the cluster goes
# with the script: bash runs a trap only between commands, so CMD runs in the
# background with the script waiting for it (its stdin kept).
stop() {
	if [ -n "$child" ]; then kill "-$1" "$child" 2>/dev/null || true; wait "$child" 2>/dev/null || true; fi
	exit "$2"
}
trap cleanup EXIT
trap 'stop INT 130' INT
trap 'stop TERM 143' TERM

if ! pg "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=reject \
	-E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
	echo "with-postgres: initdb failed:" >&2
	cat "$dir/initdb.log" >&2
	exit 1
fi
# Only the superuser gets in without a password (the script's own setup); every other
# role gives its password. Socket in $dir only; a throwaway cluster: no fsync.
cat >"$dir/hba" <<'EOF'
local all postgres trust
local all all scram-sha-256
EOF
cat >>"$dir/conf" <<EOF
listen_addresses = ''
unix_socket_directories = '$dir'
unix_socket_permissions = 0700
port = 5432
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
hba_file = '$dir/hba'
EOF
chown --reference="$dir" "$dir/hba" "$dir/conf"
echo "include '$dir/conf'" | pg tee -a "$dir/data/postgresql.conf" >/dev/null

if ! pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 start >/dev/null; then
	echo "with-postgres: the server did not start:" >&2
	cat "$dir/log" >&2
	exit 1
fi
started=1

password=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
# The password goes through stdin, never a command line.
printf "CREATE ROLE egm_test LOGIN PASSWORD '%s';\nCREATE DATABASE egm_test OWNER egm_test;\n" "$password" |
	pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -U postgres -d postgres >/dev/null

export EGM_TEST_POSTGRES="postgres://egm_test@/egm_test?host=$dir"
export PGPASSWORD="$password"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on $dir (EGM_TEST_POSTGRES=$EGM_TEST_POSTGRES)" >&2
"$@" <&0 &
child=$!
wait "$child"

# Real share servers on 127.0.0.1 for tests/shares.sh and bench/shares.sh,
# started and stopped by the caller (no systemd). Needs $T (a private
# directory the caller removes) and sets S (the server's directory), SHARE
# (where the share is mounted) and EXPORT (the server's side of it); on
# failure, why says why. Each server's pid is also in $T/*.server-pid,
# for a cleanup that runs outside the function that started it:
#   smb_start / smb_stop: smbd with a private configuration, listening on
#     127.0.0.1 only, mounted with smbnetfs (its own HOME with .smb/smb.conf
#     and .smb/smbnetfs.conf, big_writes; MOUNT/127.0.0.1:PORT/share)
#   ssh_start / ssh_stop: sshd on a free port with throwaway keys, sshfs
# share_cleanup unmounts and stops whatever is left.
PATH=$PATH:/usr/sbin:/sbin
smbd_pid="" sshd_pid=""

# share_traps: on exit, whatever share_cleanup finds and $T; a signal exits.
share_traps() {
	trap 'share_cleanup; rm -rf "$T"' EXIT
	trap 'exit 1' INT TERM HUP
}

share_cleanup() {
	for m in "$T/smb/mnt" "$T/ssh/mnt"; do
		mountpoint -q "$m" 2>/dev/null && { fusermount3 -u "$m" 2>/dev/null || umount -l "$m"; }
	done
	for f in "$T"/*.server-pid; do
		[ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null
	done
}

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# until SECONDS COMMAND...: true as soon as COMMAND succeeds (polled).
until_ok() {
	n=$(($1 * 10)); shift
	while [ $n -gt 0 ]; do
		"$@" 2>/dev/null && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}
listening() { ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -qx "127.0.0.1:$1"; }
is_mounted() { mountpoint -q "$1"; }
unmount() { # unmount MOUNT: false when it stays mounted
	fusermount3 -u "$1" 2>/dev/null || umount "$1" 2>/dev/null
	! is_mounted "$1"
}
stop_pid() { # stop_pid PID: SIGTERM, then wait until it is gone
	kill "$1" 2>/dev/null
	until_ok 20 sh -c "! kill -0 $1" || { kill -KILL "$1" 2>/dev/null; return 1; }
}

# --- Samba: smbd + smbnetfs ---------------------------------------------
# smbd -F calls setsid() (without --no-process-group): its shutdown signals
# its own process group, not this script.
smb_start() {
	S=$T/smb
	mkdir -p "$S/export" "$S/priv" "$S/lock" "$S/state" "$S/cache" "$S/pid" "$S/mnt" "$S/home/.smb"
	chmod 700 "$S/priv"
	smb_port=$(free_port) || return 1
	cat >"$S/smb.conf" <<EOF
[global]
  server role = standalone server
  netbios name = BONNIETEST
  interfaces = 127.0.0.1
  bind interfaces only = yes
  smb ports = $smb_port
  disable netbios = yes
  private dir = $S/priv
  lock directory = $S/lock
  state directory = $S/state
  cache directory = $S/cache
  pid directory = $S/pid
  ncalrpc dir = $S/ncalrpc
  log file = $S/smbd.log
  passdb backend = tdbsam:$S/priv/passdb.tdb
  load printers = no
  printcap name = /dev/null
  disable spoolss = yes
  map to guest = Bad User
[share]
  path = $S/export
  read only = no
  guest ok = yes
  force user = root
EOF
	printf 'pw\npw\n' | smbpasswd -c "$S/smb.conf" -s -a root >/dev/null 2>&1 || { why="smbpasswd failed"; return 1; }
	smbd -F -s "$S/smb.conf" >"$S/smbd.out" 2>&1 &
	smbd_pid=$!
	echo "$smbd_pid" >"$T/smbd.server-pid"
	until_ok 20 listening "$smb_port" || { why="smbd did not listen on 127.0.0.1:$smb_port ($(tail -n 1 "$S/smbd.out"))"; return 1; }
	printf '[global]\n  client min protocol = SMB2\n' >"$S/home/.smb/smb.conf"
	printf 'auth "127.0.0.1" "root" "pw"\nsmb_query_browsers "false"\n' >"$S/home/.smb/smbnetfs.conf"
	chmod 600 "$S/home/.smb/smbnetfs.conf"
	HOME=$S/home smbnetfs "$S/mnt" -o big_writes,use_libsecret=false,log_file="$S/smbnetfs.log" \
		>"$S/smbnetfs.out" 2>&1 || { why="smbnetfs failed ($(tail -n 1 "$S/smbnetfs.out"))"; return 1; }
	SHARE=$S/mnt/127.0.0.1:$smb_port/share
	EXPORT=$S/export
	until_ok 20 test -w "$SHARE" || { why="the share did not appear at $SHARE"; return 1; }
}
smb_stop() { # unmounts and stops smbd; false if either failed
	ok=0
	unmount "$S/mnt" || { echo "smb: smbnetfs stays mounted" >&2; ok=1; }
	stop_pid "$smbd_pid" || { echo "smb: smbd (pid $smbd_pid) did not stop" >&2; ok=1; }
	smbd_pid=""
	rm -f "$T/smbd.server-pid"
	return $ok
}

# --- SFTP: sshd + sshfs -------------------------------------------------
ssh_start() {
	S=$T/ssh
	mkdir -p "$S/export" "$S/mnt"
	chmod 700 "$S"
	ssh-keygen -q -t ed25519 -N '' -f "$S/host_key" && ssh-keygen -q -t ed25519 -N '' -f "$S/user_key" ||
		{ why="ssh-keygen failed"; return 1; }
	cp "$S/user_key.pub" "$S/authorized_keys"
	ssh_port=$(free_port) || return 1
	cat >"$S/sshd_config" <<EOF
Port $ssh_port
ListenAddress 127.0.0.1
HostKey $S/host_key
PidFile $S/sshd.pid
AuthorizedKeysFile $S/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
EOF
	# sshd's privilege separation directory (made by the package's service otherwise)
	mkdir -p /run/sshd
	"$(command -v sshd)" -D -e -f "$S/sshd_config" >"$S/sshd.out" 2>&1 &
	sshd_pid=$!
	echo "$sshd_pid" >"$T/sshd.server-pid"
	until_ok 20 listening "$ssh_port" || { why="sshd did not listen on 127.0.0.1:$ssh_port ($(tail -n 1 "$S/sshd.out"))"; return 1; }
	sshfs -p "$ssh_port" -o IdentityFile="$S/user_key",StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null,BatchMode=yes \
		"root@127.0.0.1:$S/export" "$S/mnt" >"$S/sshfs.out" 2>&1 || { why="sshfs failed ($(tail -n 1 "$S/sshfs.out"))"; return 1; }
	SHARE=$S/mnt
	EXPORT=$S/export
}
ssh_stop() { # unmounts and stops sshd; false if either failed
	ok=0
	unmount "$S/mnt" || { echo "ssh: sshfs stays mounted" >&2; ok=1; }
	stop_pid "$sshd_pid" || { echo "ssh: sshd (pid $sshd_pid) did not stop" >&2; ok=1; }
	sshd_pid=""
	rm -f "$T/sshd.server-pid"
	return $ok
}


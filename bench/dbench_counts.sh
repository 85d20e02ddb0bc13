# Sourced by bench/dbench_sweep.sh and bench/shares.sh: dbench at each
# count, one line "count MB/s max_latency_ms" per count appended to OUT.
# dbench_counts TAG DIR COUNTS TIME LOAD OUT LOGDIR: runs in DIR/d (made
# and removed per count), keeps dbench's output as LOGDIR/dbench.N; on a
# failure says so with its last lines and returns 1.
dbench_counts() {
	tag=$1 dir=$2 counts=$3 time=$4 load=$5 out=$6 logs=$7
	for n in $(echo "$counts" | tr , ' '); do
		mkdir "$dir/d" || return 1
		dbench -t "$time" -c "$load" -D "$dir/d" "$n" >"$logs/dbench.$n" 2>&1 ||
			{ echo "$tag: dbench $n failed" >&2; tail -n 5 "$logs/dbench.$n" >&2; return 1; }
		rm -rf "$dir/d"
		# "Throughput 285.3 MB/sec  1 clients  1 procs  max_latency=23.456 ms"
		awk -v n="$n" '/^Throughput/ { for (i = 1; i <= NF; i++) if ($i ~ /^max_latency=/) { sub("max_latency=", "", $i); m = $i }
			print n, $2, m }' "$logs/dbench.$n" >>"$out"
		echo "$tag: dbench $n: $(tail -n 1 "$out")" >&2
	done
}

/* "From device" explained: a read phase's share against its own reads (the
 * page cache, read-ahead, other readers), a write phase's against what the
 * layout writes per byte (a mirror twice, parity its share) and, where the
 * kernel says what bonnie itself had written, how much came from elsewhere.
 * Each sentence says only what the phase's figures show; what the counters
 * cannot tell apart is said to be so. */
#include "device_why.h"
#include "../../lib/units.h"
#include "../text/clocale.h"
#include "metrics.h"

#include <stdio.h>
#include <string.h>


unsigned device_expected_write_pct(const struct phase_result *r)
{
	return r->dev.write_copies_pct ? r->dev.write_copies_pct : 100;
}

static const char *layout_name(const struct phase_result *r)
{
	return r->dev.layout[0] ? r->dev.layout : "one device";
}

/* "every byte 2 times (200%)" or, for parity, "133% of each byte" */
static void copies_words(unsigned pct, char *buf, size_t len)
{
	if (pct % 100 == 0)
		snprintf(buf, len, "every byte %u times (%u%%)", pct / 100, pct);
	else
		snprintf(buf, len, "%u%% of each byte with its parity", pct);
}

/* The kernel charges a reading process its read-ahead too: where it says
 * what bonnie read, a device that read a fifth more than that served
 * someone else. */
static bool reads_from_elsewhere(const struct phase_result *r)
{
	return r->dev.own_valid && r->dev.read_bytes > r->dev.own_read_bytes &&
	       (r->dev.read_bytes - r->dev.own_read_bytes) * 5 > r->dev.read_bytes;
}

/* Which cache a cached read phase's rate may be: on ZFS the ARC keeps what
 * dropping the page cache leaves, and where it may hold the whole file that
 * is the reason even when no counter was read. The one choice both the
 * sentence (cached_words) and a cell's words (device_cached_words) follow. */
enum cache_kind { CACHE_PAGE, CACHE_ARC_OR_PAGE, CACHE_ARC_HOLDS };

static enum cache_kind cache_of(const struct phase_result *r)
{
	if (r->flags & RESULT_ARC_HOLDS)
		return CACHE_ARC_HOLDS;
	return r->arc.max_bytes ? CACHE_ARC_OR_PAGE : CACHE_PAGE;
}

const char *device_cached_words(const struct phase_result *r)
{
	static const char *const words[] = {"from the page cache", "from the ARC or the page cache",
	                                    "the ARC may hold the file"};

	return words[cache_of(r)];
}

const char *device_cached_reason(const struct phase_result *r)
{
	static const char *const words[] = {
		"under half of the data read came from the device; the rate is the page cache's",
		"under half of the data read came from the devices; the rate is the ARC's or the page cache's",
		"the ARC (ZFS's cache, which dropping the page cache does not empty) may hold the whole file"};

	return words[cache_of(r)];
}

/* A cached read phase's sentence (pct < 0: no counter was read). */
static void cached_words(const char *name, const struct phase_result *r, int pct, char *buf, size_t len)
{
	char most[32], file[32], share[64] = "";

	switch (cache_of(r)) {
	case CACHE_ARC_HOLDS:
		units_format_human(r->arc.max_bytes, most, sizeof most);
		units_format_human(r->arc.file_bytes, file, sizeof file);
		if (pct >= 0)
			snprintf(share, sizeof share, "; it read %d%% of its data from the devices", pct);
		snprintf(buf, len, "%s: the ARC may hold the whole file: max %s, file %s%s", name, most, file, share);
		break;
	case CACHE_ARC_OR_PAGE:
		snprintf(buf, len, "%s read %d%% of its data from the devices; its rate is the ARC's (ZFS's cache, which "
		         "dropping the page cache does not empty) or the page cache's", name, pct);
		break;
	case CACHE_PAGE:
		snprintf(buf, len, "%s read %d%% of its data from the device; its rate is the page cache's", name, pct);
		break;
	}
}

static enum device_why read_why(enum phase_id id, const struct phase_result *r, int pct, char *buf, size_t len)
{
	const char *name = phase_name(id);

	if (metric_cached(id, r)) {
		cached_words(name, r, pct, buf, len);
		return DEV_WHY_CACHED;
	}
	if (pct <= 100)
		return DEV_WHY_NONE;
	if (reads_from_elsewhere(r)) { /* bonnie's own reads, its read-ahead included, are far fewer */
		char own[32], other[32];

		units_format_human(r->dev.own_read_bytes, own, sizeof own);
		units_format_human(r->dev.read_bytes - r->dev.own_read_bytes, other, sizeof other);
		snprintf(buf, len, "%s read %d%% of its data from the device; bonnie itself had %s read (its "
		         "read-ahead included), so %s came from elsewhere: other readers of the device count too",
		         name, pct, own, other);
		return DEV_WHY_OTHER_READS;
	}
	if (metric_read_ahead_explains(r)) {
		snprintf(buf, len, "%s read %d%% of its data from the device (read_ahead_kb %u on /dev/%s)", name, pct,
		         r->dev.read_ahead_kb, r->dev.read_ahead_dev);
		return DEV_WHY_READ_AHEAD;
	}
	if (r->dev.read_ahead_kb)
		snprintf(buf, len, "%s read %d%% of its data from the device, more than read_ahead_kb %u on /dev/%s "
		         "explains: other readers of the device count too", name, pct, r->dev.read_ahead_kb,
		         r->dev.read_ahead_dev);
	else
		snprintf(buf, len, "%s read %d%% of its data from the device: read-ahead or other readers of the device",
		         name, pct);
	return DEV_WHY_OTHER_READS;
}

/* Far more than the layout writes: bonnie's own share (when the kernel
 * says it) and what came from elsewhere; the causes, which the counters
 * cannot tell apart, are device_why_cause's. */
static void more_writes(const struct phase_result *r, int pct, unsigned want, const char *name, char *buf,
                        size_t len)
{
	uint64_t own_copies = r->dev.own_write_bytes * want / 100;
	uint64_t other = r->dev.write_bytes > own_copies ? r->dev.write_bytes - own_copies : 0;
	char dev_s[32], given_s[32], own_s[32], other_s[32];
	int n;

	/* sizes in the unit that suits each, so a small phase's reads "8.0 KiB
	 * for 8.0 KiB" where MiB to one decimal said "0.0 MiB for 0.0 MiB" */
	units_format_human(r->dev.write_bytes, dev_s, sizeof dev_s);
	units_format_human(r->bytes, given_s, sizeof given_s);
	units_format_human(r->dev.own_write_bytes, own_s, sizeof own_s);
	units_format_human(other, other_s, sizeof other_s);
	n = snprintf(buf, len, "during %s the devices wrote %d%% of its data (%s for %s), more than the %u%% %s writes",
	             name, pct, dev_s, given_s, want, layout_name(r));
	if (n < 0 || (size_t)n >= len || !r->dev.own_valid)
		return;
	if (other * 5 <= r->dev.write_bytes)
		snprintf(buf + n, len - (size_t)n, "; bonnie itself had %s written (a page written back and dirtied "
		         "again counts again), which accounts for most of it", own_s);
	else
		snprintf(buf + n, len - (size_t)n, "; bonnie itself had %s written, so %s came from elsewhere", own_s,
		         other_s);
}

/* Whether the more_writes sentence left something to explain. */
static bool writes_from_elsewhere(const struct phase_result *r)
{
	double dev = (double)r->dev.write_bytes, own = (double)r->dev.own_write_bytes * device_expected_write_pct(r) / 100.0;

	return !r->dev.own_valid || (dev > own ? dev - own : 0.0) * 5 > dev;
}

static enum device_why write_why(enum phase_id id, const struct phase_result *r, int pct, char *buf, size_t len)
{
	unsigned want = device_expected_write_pct(r);
	const char *name = phase_name(id);
	char copies[64];

	if ((unsigned)pct > want + want / 4) {
		more_writes(r, pct, want, name, buf, len);
		return DEV_WHY_OTHER_WRITES;
	}
	if ((unsigned)pct < want - want / 4) {
		snprintf(buf, len, "during %s the devices wrote %d%% of its data, less than the %u%% %s writes: part of "
		         "it may have reached them after the phase ended, the file system may have stored less than it "
		         "was given (compression)%s", name, pct, want, layout_name(r),
		         r->dev.caveat ? ", or a device is not counted as it is" : "");
		return DEV_WHY_FEWER_WRITES;
	}
	if (want == 100)
		return DEV_WHY_NONE;
	copies_words(want, copies, sizeof copies);
	snprintf(buf, len, "during %s the devices wrote %d%% of its data: %s writes %s", name, pct, layout_name(r),
	         copies);
	return DEV_WHY_LAYOUT;
}

enum device_why device_why(enum phase_id id, const struct phase_result *r, char *buf, size_t len)
{
	int pct = metric_device_pct(r);
	enum device_why w = DEV_WHY_NONE;
	struct c_locale loc;

	buf[0] = '\0';
	if (!metric_reportable(r) || (pct < 0 && !metric_cached(id, r))) /* the ARC's may need no counter */
		return DEV_WHY_NONE;
	c_locale_enter(&loc);
	if (r->read_bytes > 0)
		w = read_why(id, r, pct, buf, len);
	else if (phase_is(id, FACT_WRITES))
		w = write_why(id, r, pct, buf, len);
	c_locale_leave(&loc);
	if (w == DEV_WHY_NONE)
		buf[0] = '\0';
	return w;
}

const char *device_why_cause(enum device_why w, const struct phase_result *r)
{
	if (w != DEV_WHY_OTHER_WRITES || !writes_from_elsewhere(r))
		return NULL;
	if (!r->dev.own_valid)
		return "what the devices wrote beyond the layout's share may be bonnie's pages written back and dirtied "
		       "again, another process's writes to the same devices, the file system's journal and metadata, or "
		       "data dirtied before the phase; the counters cannot tell these apart";
	return "what the devices wrote beyond bonnie's own share is another process's writes to the same devices, the "
	       "file system's journal and metadata, or data dirtied before the phase; the counters cannot tell these apart";
}

bool device_pct_cell(int pct, char *buf, size_t len)
{
	if (pct > DEVICE_PCT_CELL_MAX) {
		snprintf(buf, len, ">%d%%", DEVICE_PCT_CELL_MAX);
		return true;
	}
	snprintf(buf, len, "%d%%", pct);
	return false;
}

const char *device_why_prefix(enum device_why w)
{
	static const char *const words[] = {"", "cached", "readahead", "other reads", "layout", "other writes",
	                                    "fewer writes"};

	return words[w];
}

const char *device_why_word(enum device_why w)
{
	static const char *const words[] = {"", "cached", "read_ahead", "other_reads", "layout", "other_writes",
	                                    "fewer_writes"};

	return words[w];
}

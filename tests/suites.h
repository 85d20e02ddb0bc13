/* The list of check suites, one per module under test. */
#ifndef BONNIE_TEST_SUITES_H
#define BONNIE_TEST_SUITES_H

#include <check.h>

#define TEST_SUITES(X) \
	X(units)           \
	X(str)             \
	X(options)         \
	X(hist)            \
	X(rng)             \
	X(pattern)         \
	X(scratch)         \
	X(scratch_fds)     \
	X(scratch_moved)   \
	X(fileio)          \
	X(csv)             \
	X(table)           \
	X(files)           \
	X(filetree)        \
	X(seeks)           \
	X(env)             \
	X(members)         \
	X(verify)          \
	X(sizing)          \
	X(runner)          \
	X(schedule)        \
	X(merge_hosts)     \
	X(compare_input)   \
	X(json_reader)     \
	X(compare_stream)  \
	X(compare_posted)  \
	X(compare_tools)   \
	X(compare_report)  \
	X(compare_scale)   \
	X(compare_caveat)  \
	X(like)            \
	X(table_input)     \
	X(bonnie_table)    \
	X(html)            \
	X(outputs)         \
	X(run)             \
	X(cpu)             \
	X(evict)           \
	X(stats)           \
	X(grow)            \
	X(confidence)      \
	X(repeat)          \
	X(files_auto)      \
	X(clients)         \
	X(sweep)           \
	X(reportfile)      \
	X(timeline)        \
	X(verdict)         \
	X(knee)            \
	X(autosize)        \
	X(html_pages)      \
	X(phase_list)      \
	X(view)            \
	X(view_read)       \
	X(cmd_say)         \
	X(cmd_config)      \
	X(cmd_compare)     \
	X(align)           \
	X(qdio)            \
	X(limit_reason)    \
	X(zfs)

#define SUITE_DECLARE(name) Suite *suite_##name(void);
TEST_SUITES(SUITE_DECLARE)
#undef SUITE_DECLARE

#endif

/* bonnie: a disk and file-system microbenchmark in bonnie++'s tradition.
 * main only picks the command: `bonnie compare ...` (cmd/compare.c),
 * `bonnie merge ...` (cmd/merge.c) or the
 * run itself (cmd/run.c); both say what went wrong and end through
 * cmd/say.c. */
#include "cmd/compare_cmd.h"
#include "cmd/merge_cmd.h"
#include "cmd/run.h"
#include "cmd/say.h"
#include "lib/str.h"

#include <string.h>

int main(int argc, char **argv)
{
	say_start(); /* every command: a write past the file size limit is said, not a death */
	str_columns_locale(); /* every table's widths as the user's terminal counts them */
	if (argc > 1 && strcmp(argv[1], "compare") == 0)
		return say_finish(compare_main(argc - 1, argv + 1));
	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return say_finish(merge_main(argc - 1, argv + 1, argv[0]));
	return run_main(argc, argv);
}

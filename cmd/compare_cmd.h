/* `bonnie compare [options] FILE...`: the subcommand's entry point. */
#ifndef BONNIE_CMD_COMPARE_H
#define BONNIE_CMD_COMPARE_H

/* Runs the subcommand; argv[0] is "compare". Returns the exit status:
 * 0 two or more runs compared, 1 usage error, 2 fewer than two runs found,
 * 5 the report could not be written. */
int compare_main(int argc, char **argv);

#endif

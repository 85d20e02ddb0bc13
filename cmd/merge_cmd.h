/* bonnie merge FILES...: one result of several hosts' --json results of
 * the same --start-at schedule (cmd/merge.c). */
#ifndef BONNIE_MERGE_CMD_H
#define BONNIE_MERGE_CMD_H

/* argv[0] is "merge"; returns the exit status. */
int merge_main(int argc, char **argv, const char *prog);

#endif

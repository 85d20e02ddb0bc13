/* `bonnie [options]`: the benchmark run, the command without a name. */
#ifndef BONNIE_RUN_H
#define BONNIE_RUN_H

/* Runs it; returns the exit status (lib/exitcodes.h, bonnie.1 EXIT STATUS). */
int run_main(int argc, char **argv);

#endif

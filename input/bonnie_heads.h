/* bonnie++'s table headings, as bonnie++ 1.98 prints them, typed once: the
 * run's table prints them (report/text/table.c), the reader of pasted tables
 * finds them, blanks and dashes aside (input/text_table.c), and so do the
 * reader of a table pasted into a page's cells (input/html_copy.c) and
 * the test for one (input/cells.c).
 * Each column heading is its nine columns, centred in dashes as bonnie++
 * has them (its rounding is not one rule, so they are kept as printed). */
#ifndef BONNIE_INPUT_BONNIE_HEADS_H
#define BONNIE_INPUT_BONNIE_HEADS_H

/* The I/O block: its groups, then its columns (the file of an old
 * bonnie++ may end before --Seeks--). */
#define BONNIE_IO_GROUPS "------Sequential Output------ --Sequential Input- --Random-"
#define BONNIE_HEAD_PER_CHR "-Per Chr-"
#define BONNIE_HEAD_BLOCK "--Block--"
#define BONNIE_IO_HEADS_NO_SEEKS \
	BONNIE_HEAD_PER_CHR " " BONNIE_HEAD_BLOCK " -Rewrite- " BONNIE_HEAD_PER_CHR " " BONNIE_HEAD_BLOCK
#define BONNIE_IO_HEADS BONNIE_IO_HEADS_NO_SEEKS " --Seeks--"

/* The file block: its groups, then its columns. */
#define BONNIE_FILE_GROUPS "------Sequential Create------ --------Random Create--------"
#define BONNIE_FILE_HEADS "-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--"

#endif

/* How many files each client of a time-based level holds when its delete
 * begins; see files.h (files_delete_aim, files_top_up_want). */
#include "files.h"

uint64_t files_delete_aim(double rate, uint64_t level_ns, uint64_t pool)
{
	double aim;

	if (!(rate > 0) || level_ns == 0)
		return 0;
	aim = rate * ((double)level_ns / 1e9);
	if (aim >= (double)pool)
		return pool;
	return (uint64_t)aim + ((double)(uint64_t)aim < aim); /* rounded up */
}

uint64_t files_top_up_want(uint64_t made, uint32_t clients, uint64_t aim, uint64_t cap)
{
	uint64_t mean, share;

	if (clients == 0)
		return 0;
	mean = made / clients + (made % clients != 0);
	share = aim / clients + (aim % clients != 0);
	if (share > mean)
		mean = share;
	return mean < cap ? mean : cap;
}

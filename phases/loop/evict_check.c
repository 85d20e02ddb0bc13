/* Checking that the page cache really let go of the data file; see
 * evict_check.h. */
#include "evict_check.h"
#include "../../lib/platform.h"

void evict_check(int fd, struct phase_result *res)
{
	uint64_t sampled, resident;

	if (plat_resident_pages(fd, &sampled, &resident) != 0 || sampled == 0) {
		res->flags |= RESULT_EVICTED;
		return;
	}
	res->flags |= RESULT_RESIDENCY;
	res->resident_ppm = (uint32_t)(resident * 1000000u / sampled);
	res->flags |= res->resident_ppm > EVICT_RESIDENT_MAX_PPM ? RESULT_NOT_EVICTED : RESULT_EVICTED;
}

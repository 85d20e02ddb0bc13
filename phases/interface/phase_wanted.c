/* phase_wanted (phase.h): whether a run asks for a phase. Here, beside
 * the phase's interface, and not with --phases' parsing, because the
 * runner and the phases themselves ask it: a phase asking a file above it
 * would make the two call each other. */
#include "phase.h"

bool phase_wanted(const struct config *cfg, const struct phase *ph)
{
	uint32_t mask = cfg->decided.phase_mask;

	return ph->enabled(cfg) && (mask == 0 || (mask & (1u << ph->id)) != 0);
}

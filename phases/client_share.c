/* Splitting a -c N run among its clients; see client_share.h. */
#include "client_share.h"

uint64_t client_part(uint64_t total, uint32_t n, uint32_t i)
{
	return total / n + (i < total % n ? 1 : 0);
}

uint64_t clients_min_size(uint32_t chunk, uint32_t n)
{
	return (uint64_t)chunk * n;
}

void clients_config(const struct config *cfg, uint32_t n, uint32_t i, struct config *out)
{
	*out = *cfg;
	if (cfg->file_size > 0) {
		out->file_size = client_part(cfg->file_size / cfg->chunk, n, i) * cfg->chunk;
		/* refused up front (clients_min_size); never a client without a data file */
		if (out->file_size == 0)
			out->file_size = cfg->chunk;
	}
	out->part_set = true;
	out->part_perchar = client_part(config_perchar_bytes(cfg), n, i);
	out->part_seeks = client_part(config_seek_count(cfg), n, i);
	out->part_files = client_part(config_file_count(cfg), n, i);
	if (config_level_timed(cfg)) /* the pool and the top-ups (files.h) */
		out->part_files = 2 * client_part(config_files_pool(cfg), n, i);
	/* a given count: no more workers than seeks, and one even for none */
	if (cfg->seeks_given && out->seek_procs > out->part_seeks)
		out->seek_procs = out->part_seeks > 0 ? (uint32_t)out->part_seeks : 1;
	out->seed = cfg->seed + i;
}

/* The whole run's work and a client's part of it; see client_part.h. */
#include "client_part.h"

uint64_t client_part(uint64_t total, uint32_t n, uint32_t i)
{
	return total / n + (i < total % n ? 1 : 0);
}

uint64_t clients_min_size(uint32_t chunk, uint32_t n)
{
	return (uint64_t)chunk * n;
}

struct part part_whole(const struct config *cfg)
{
	return (struct part){
		.data_bytes = cfg->file_size,
		.perchar = cfg->perchar_size,
		.seeks = cfg->seeks,
		.seek_procs = cfg->seek_procs,
		.files = (uint64_t)cfg->files_k * 1024u,
		.seed = cfg->seed,
	};
}

struct part part_of_client(const struct config *cfg, const struct part *whole, uint32_t n, uint32_t i)
{
	struct part p = *whole;

	p.client = true;
	if (whole->data_bytes > 0) {
		p.data_bytes = client_part(whole->data_bytes / cfg->chunk, n, i) * cfg->chunk;
		/* refused up front (clients_min_size); never a client without a data file */
		if (p.data_bytes == 0)
			p.data_bytes = cfg->chunk;
	}
	p.perchar = client_part(whole->perchar, n, i);
	p.seeks = client_part(whole->seeks, n, i);
	p.files = client_part(whole->files, n, i);
	if (config_level_timed(cfg)) /* the pool and the top-ups (files.h) */
		p.files = 2 * client_part(config_files_pool(cfg), n, i);
	/* a given count: no more workers than seeks, and one even for none */
	if (cfg->seeks_given && p.seek_procs > p.seeks)
		p.seek_procs = p.seeks > 0 ? (uint32_t)p.seeks : 1;
	p.seed = whole->seed + i;
	return p;
}

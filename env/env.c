/* Probing what is tested: machine facts here, mounts in mountinfo.c,
 * block devices in block_device.c. */
#include "env.h"
#include "mountinfo.h"
#include "../lib/free_space.h"
#include "../lib/str.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/sysmacros.h> /* major(), minor() */
#endif

static void unknown(char *buf, size_t len)
{
	snprintf(buf, len, ENV_UNKNOWN);
}

/* "model name : Intel(R) Xeon(R)..." from cpuinfo (x86; other keys elsewhere). */
static void cpu_model(const char *sysroot, char *buf, size_t len)
{
	static const char *const keys[] = {"model name", "Model", "cpu model", "Hardware", "cpu"};
	char path[PATH_MAX], line[512];
	FILE *f;

	unknown(buf, len);
	snprintf(path, sizeof path, "%s/proc/cpuinfo", sysroot);
	f = fopen(path, "r");
	if (f == NULL)
		return;
	for (size_t k = 0; k < sizeof keys / sizeof keys[0] && strcmp(buf, ENV_UNKNOWN) == 0; k++) {
		rewind(f);
		while (fgets(line, sizeof line, f)) {
			char *colon = strchr(line, ':');
			if (colon && strncmp(line, keys[k], strlen(keys[k])) == 0 &&
			    (line[strlen(keys[k])] == ' ' || line[strlen(keys[k])] == '\t')) {
				colon += 1 + strspn(colon + 1, " \t");
				colon[strcspn(colon, "\n")] = '\0';
				snprintf(buf, len, "%s", colon);
				break;
			}
		}
	}
	fclose(f);
}

static void machine(struct env_info *env, const char *sysroot)
{
	struct utsname u;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (gethostname(env->host, sizeof env->host) != 0)
		unknown(env->host, sizeof env->host);
	env->host[sizeof env->host - 1] = '\0';
	if (uname(&u) == 0) {
		str_copy(env->os, sizeof env->os, u.sysname);
		str_copy(env->kernel, sizeof env->kernel, u.release);
		str_copy(env->arch, sizeof env->arch, u.machine);
	} else {
		unknown(env->os, sizeof env->os);
		unknown(env->kernel, sizeof env->kernel);
		unknown(env->arch, sizeof env->arch);
	}
	cpu_model(sysroot, env->cpu_model, sizeof env->cpu_model);
	env->cpus = cpus > 0 ? (unsigned)cpus : 0;
#if defined(_SC_PHYS_PAGES)
	{
		long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
		env->ram_bytes = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
	}
#endif
}

/* The mount and the device; st_dev of a btrfs file is an anonymous device,
 * so the mount source (/dev/...) is tried when sysfs does not know it. */
static void storage(struct env_info *env, const char *dir, const char *sysroot)
{
	char real[PATH_MAX], mountinfo[PATH_MAX];
	struct mount_entry m;
	struct stat st;

	unknown(env->fs_type, sizeof env->fs_type);
	unknown(env->mount_source, sizeof env->mount_source);
	unknown(env->mount_point, sizeof env->mount_point);
	unknown(env->mount_options, sizeof env->mount_options);
	env->dev.rotational = -1;
	env->dev.aligned = -1;
	if (stat(dir, &st) != 0 || realpath(dir, real) == NULL)
		return;
	str_copy(env->dir_path, sizeof env->dir_path, real);
#if defined(__linux__)
	snprintf(mountinfo, sizeof mountinfo, "%s/proc/self/mountinfo", sysroot);
	if (mountinfo_find(mountinfo, major(st.st_dev), minor(st.st_dev), real, &m) == 0) {
		str_copy(env->fs_type, sizeof env->fs_type, m.fs_type);
		str_copy(env->mount_source, sizeof env->mount_source, m.source);
		str_copy(env->mount_point, sizeof env->mount_point, m.mount_point);
		str_copy(env->mount_options, sizeof env->mount_options, m.options);
		share_detect(m.fs_type, m.source, m.mount_point, real, &env->share);
	}
	if (env_device_probe(&env->dev, sysroot, major(st.st_dev), minor(st.st_dev)) != 0 &&
	    strncmp(env->mount_source, "/dev/", 5) == 0 && stat(env->mount_source, &st) == 0 &&
	    S_ISBLK(st.st_mode))
		env_device_probe(&env->dev, sysroot, major(st.st_rdev), minor(st.st_rdev));
	if (env->dev.present && strcmp(env->fs_type, "btrfs") == 0) /* its other devices too */
		env_members_btrfs(&env->dev.counters, sysroot, env->dev.name);
	/* ZFS: no block device under the mount; its pool's vdevs are counted */
	if (!env->dev.present)
		zfs_probe(&env->zfs, &env->dev.counters, env->fs_type, env->mount_source, sysroot);
#else
	(void)mountinfo;
	(void)m;
	(void)sysroot;
#endif
}

void env_probe(struct env_info *env, const char *dir, const char *sysroot)
{
	struct space sp;

	memset(env, 0, sizeof *env);
	machine(env, sysroot);
	storage(env, dir, sysroot);
	if (space_of(dir, &sp) == 0)
		env->space_unknown = sp.unlimited != 0;
}

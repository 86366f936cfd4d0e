// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as the start of a disk -> the partition table
 * probe, the search of its entries (by number and by start), and the
 * ID_PART_* lines. Whatever the table says (entry counts and sizes, chains
 * of extended boot records), the search ends, the values stay in their
 * buffers, and every line is KEY=value of one line, the name encoded. */
#include "compat.h"
#include "fuzz.h"
#include "../../extras/volume_part.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static void check_lines(const char *out)
{
	const char *line, *eol, *eq;

	for (line = out; *line; line = eol + 1) {
		eol = strchr(line, '\n');
		FUZZ_ASSERT(eol != NULL);
		eq = memchr(line, '=', (size_t)(eol - line));
		FUZZ_ASSERT(eq && strncmp(line, "ID_PART_", 8) == 0);
		if (strncmp(line, "ID_PART_ENTRY_NAME=", 19) == 0)
			FUZZ_ASSERT(!memchr(line, '/', (size_t)(eol - line)) &&
				    !memchr(line, ' ', (size_t)(eol - line)));
	}
}

static void check_entry(struct volume *v)
{
	char out[4096];

	FUZZ_ASSERT(!strcmp(v->part.entry.scheme, "dos") || !strcmp(v->part.entry.scheme, "gpt"));
	FUZZ_ASSERT(memchr(v->part.entry.name, '\0', sizeof(v->part.entry.name)));
	FUZZ_ASSERT(memchr(v->part.entry.uuid, '\0', sizeof(v->part.entry.uuid)));
	FUZZ_ASSERT(memchr(v->part.entry.type, '\0', sizeof(v->part.entry.type)));
	out[0] = '\0';
	part_export(v, out, sizeof(out));
	check_lines(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file("disk.img", data, size);
	struct volume v;
	unsigned int n;
	int r, fd = open(path, O_RDONLY | O_CLOEXEC);

	FUZZ_ASSERT(fd >= 0);
	memset(&v, 0, sizeof(v));
	v.fd = fd;
	r = part_table_probe(&v);
	FUZZ_ASSERT(r == 0 || r == 1);
	FUZZ_ASSERT(r == 0 || !strcmp(v.part.table, "dos") || !strcmp(v.part.table, "gpt"));
	FUZZ_ASSERT(strlen(v.part.table_uuid) < sizeof(v.part.table_uuid));
	for (n = 1; n <= 8; n++) {
		memset(&v.part.entry, 0, sizeof(v.part.entry));
		v.part.entry.scheme = "stale";   /* a miss says so, whatever it read */
		r = part_entry_find(&v, n, 0, &v.part.entry);
		FUZZ_ASSERT(r == 0 || r == 1);
		FUZZ_ASSERT(r == 1 || v.part.entry.scheme == NULL);
		if (r == 1) {
			FUZZ_ASSERT(v.part.entry.number == n);
			check_entry(&v);
			/* found again by its start */
			if (v.part.entry.offset)
				FUZZ_ASSERT(part_entry_find(&v, 99, v.part.entry.offset,
							    &v.part.entry) == 1);
		}
	}
	close(fd);
	return 0;
}

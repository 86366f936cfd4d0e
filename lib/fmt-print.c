// SPDX-License-Identifier: GPL-2.0-only
/* fprintf through fmt_v (see fmt.h), for the tools' output. Apart from
 * fmt.c so that the per-event helpers, which format log lines but write
 * no stream, link no stdio (lib/nostdio-klibc.c). */
#include "compat.h"
#include "fmt.h"

#include <stdlib.h>

int fmt_print(FILE *f, const char *fmt, ...)
{
	char small[512], *buf = small;
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = fmt_v(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n >= sizeof(small)) {   /* a long attribute value: once more, whole */
		buf = malloc(n + 1);
		if (!buf)
			return -1;
		va_start(ap, fmt);
		fmt_v(buf, n + 1, fmt, ap);
		va_end(ap);
	}
	n = fwrite(buf, 1, n, f);
	if (buf != small)
		free(buf);
	return (int)n;
}

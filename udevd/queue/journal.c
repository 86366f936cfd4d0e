// SPDX-License-Identifier: GPL-2.0-only
/* The record of the queue (see journal.h): what udevd took for its helpers
 * outlives udevd. Written with one append per receiving turn and one per
 * loop turn for the ends, read only by the next udevd at its start. */
#include "compat.h"
#include "journal.h"
#include "fd.h"
#include "namelock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The lock's path with ".queue" for ".lock": the same root-only folder. */
static int journal_path(char *buf, size_t size)
{
	int n = namelock_path(buf, size - 1);

	if (n < 0)
		return n;
	memcpy(buf + n - 4, "queue", 6);
	return 0;
}

int journal_open(struct journal *j)
{
	char path[264];
	struct stat st;
	int r = journal_path(path, sizeof(path));

	j->fd = -1;
	if (r < 0)
		return r;
	r = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (r < 0)
		return -errno;
	if (fstat(r, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		close(r);
		return -EPERM;
	}
	j->fd = r;
	j->bytes = (uint64_t)st.st_size;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The well-formed record at p (at most left bytes), copied into *m (the
 * records are packed: p need not be aligned for a header); its length,
 * or 0. */
static size_t record_get(const char *p, size_t left, struct msg_event *m)
{
	struct msg_hdr h;

	if (left < sizeof(h))
		return 0;
	memcpy(&h, p, sizeof(h));
	if (h.envlen > MSG_ENV_MAX || left - sizeof(h) < h.envlen)
		return 0;
	memcpy(m, p, sizeof(h) + h.envlen);
	return msg_check(m, sizeof(h) + h.envlen) < 0 ? 0 : sizeof(h) + h.envlen;
}

/* One record at a time (record_get), for finished() and replay_records() */
static struct msg_event one;

/* The seqnums of the finished records, sorted; their count in *n. */
static uint64_t *finished(const char *buf, size_t size, size_t *n)
{
	uint64_t *done = NULL, *grown;
	size_t off = 0, len, cap = 0;

	*n = 0;
	while ((len = record_get(buf + off, size - off, &one))) {
		off += len;
		if (one.hdr.type != MSG_ACK)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 256;
			grown = realloc(done, cap * sizeof(*done));
			if (!grown)
				break;
			done = grown;
		}
		done[(*n)++] = one.hdr.seqnum;
	}
	if (done)
		qsort(done, *n, sizeof(*done), cmp_u64);
	return done;
}

static int replay_records(struct journal *j, const char *buf, size_t size,
			  void (*fn)(void *ctx, struct msg_event *m), void *ctx,
			  uint64_t *done, size_t ndone)
{
	size_t off = 0, len;
	int given = 0;

	while ((len = record_get(buf + off, size - off, &one))) {
		off += len;
		if (one.hdr.type != MSG_EVENT ||
		    (ndone && bsearch(&one.hdr.seqnum, done, ndone, sizeof(*done), cmp_u64)))
			continue;
		j->pending++;
		given++;
		fn(ctx, &one);
	}
	return given;
}

int journal_replay(struct journal *j, void (*fn)(void *ctx, struct msg_event *m), void *ctx,
		   uint64_t **done, size_t *ndone)
{
	char *buf;
	ssize_t n;
	int given;

	*done = NULL;
	*ndone = 0;
	if (j->fd < 0 || j->bytes == 0)
		return 0;
	buf = malloc(j->bytes);
	if (!buf)
		return -ENOMEM;
	n = pread(j->fd, buf, j->bytes, 0);
	if (n < 0) {
		free(buf);
		return -errno;
	}
	*done = finished(buf, (size_t)n, ndone);
	given = replay_records(j, buf, (size_t)n, fn, ctx, *done, *ndone);
	free(buf);
	j->replayed = (size_t)given;
	journal_trim(j);
	return given;
}

static int journal_write(struct journal *j, const void *rec, size_t len)
{
	ssize_t n;

	if (j->fd < 0)
		return -EBADF;
	n = fd_write_all(j->fd, rec, len);
	if (n == (ssize_t)len) {
		j->bytes += len;
		return 0;
	}
	/* (a cut record would hide every one after it) */
	if (ftruncate(j->fd, (off_t)j->bytes) < 0) {
		/* the reader stops at the cut: what follows runs when its helper asks again */
	}
	return n < 0 ? (int)n : -ENOSPC;
}

/* The records taken since the last commit, written at once by it. */
static char stage[JOURNAL_STAGE];

int journal_take(struct journal *j, const struct msg_hdr *h)
{
	size_t len = sizeof(*h) + h->envlen;

	if (j->fd < 0)
		return -EBADF;
	if (j->staged + len > sizeof(stage))
		return -ENOBUFS;
	memcpy(stage + j->staged, h, len);
	j->staged += len;
	j->ntaken++;
	return 0;
}

int journal_commit(struct journal *j)
{
	size_t n = j->ntaken;
	int r = 0;

	if (j->staged)
		r = journal_write(j, stage, j->staged);
	j->staged = 0;
	j->ntaken = 0;
	if (r == 0)
		j->pending += n;
	return r;
}

void journal_done(struct journal *j, uint64_t seqnum)
{
	struct msg_hdr *h;

	if (j->fd < 0)
		return;
	if (j->nends == JOURNAL_ENDS)
		journal_flush(j);
	h = &j->ends[j->nends++];
	msg_init(h, MSG_ACK, seqnum);
	h->flags = MSG_F_SEQNUM;
	if (j->pending)
		j->pending--;
}

void journal_flush(struct journal *j)
{
	unsigned int n = j->nends;

	j->nends = 0;
	if (n && journal_write(j, j->ends, n * sizeof(j->ends[0])) < 0) {
		/* replayed by the next udevd, they run twice (udevd(8)) */
	}
}

void journal_trim(struct journal *j)
{
	if (j->fd < 0 || j->pending)
		return;
	j->nends = 0;   /* every record goes: no need for these */
	if (j->bytes && ftruncate(j->fd, 0) == 0)
		j->bytes = 0;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/* Client side of udevd's control messages, shared by udevcontrol and
 * udevsettle: one request, one ack from root for our own cookie. */
#ifndef UDEVD_CTL_H
#define UDEVD_CTL_H

#include "msg.h"

#include <stdint.h>

/* The clients' exit code when the name is held by a process that is not a
 * udevd of root (docs/conventions.md): said at once, logged by ctl.c. */
#define CTL_NAME_HELD 20

/* Sends a control message of type with arg and waits up to timeout_ms for
 * its ack. Returns the ack's rc (0 or MSG_RC_REFUSED), MSG_RC_TIMEOUT when no
 * ack came, MSG_RC_NOT_RUN when udevd could not be reached. *ack_arg gets the
 * ack's arg. */
int ctl_request(enum msg_type type, uint32_t arg, uint64_t timeout_ms, uint32_t *ack_arg);
/* The same for a control message of type with an environment block of
 * len bytes ("KEY=VALUE\0"...) after its header (MSG_CTL_ENV). */
int ctl_request_env(enum msg_type type, const char *env, size_t len, uint64_t timeout_ms);
/* The same for MSG_CTL_SEQNUM: the request carries seqnum (flag MSG_F_SEQNUM)
 * and *pending gets the events up to it that udevd has not finished. */
int ctl_query_seqnum(uint64_t seqnum, uint64_t timeout_ms, uint32_t *pending);
/* A socket connected to udevd as ctl_request uses it: fd or -errno. */
int ctl_socket(void);

#endif

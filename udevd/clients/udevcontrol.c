// SPDX-License-Identifier: GPL-2.0-only
/* udevcontrol: sends control messages to udevd, one per argument:
 * stop_exec_queue, start_exec_queue, log_priority=LEVEL, max_childs=N,
 * reload_rules, exit, env KEY=VALUE (KEY= unsets; also env=KEY=VALUE); udev
 * 117's --COMMAND spellings too, and its max_childs_running=N (the one
 * limit here: max_childs).
 * Exit 0 when all were accepted, else udevsend's codes. */
#include "compat.h"
#include "ctl.h"
#include "log.h"
#include "opts.h"
#include "str.h"

#include <string.h>

#define CTL_TIMEOUT_MS 10000

#define CONTROL_USAGE "usage: udevcontrol COMMAND...\n" \
	"COMMAND: stop_exec_queue, start_exec_queue, log_priority=LEVEL, max_childs=N,\n" \
	"         max_childs_running=N, reload_rules, exit, env KEY=VALUE\n" \
	"         (also as --reload_rules..., --env=KEY=VALUE)"

/* COMMAND -> message type and argument (env: *kv its KEY=VALUE, from
 * "env=KEY=VALUE" or the next word, *next set); -1 when unknown or
 * malformed. */
static int parse_command(const char *s, const char *next, enum msg_type *type, uint32_t *arg,
			 const char **kv)
{
	unsigned long long v;
	int level;

	*arg = 0;
	*kv = NULL;
	if (strncmp(s, "--", 2) == 0)   /* udev 117: "instructions passed as options" */
		s += 2;
	if (strcmp(s, "env") == 0 || strncmp(s, "env=", 4) == 0) {
		*kv = s[3] ? s + 4 : next;
		*type = MSG_CTL_ENV;
		return *kv && strchr(*kv, '=') && **kv != '=' ? 0 : -1;
	}
	if (strcmp(s, "exit") == 0)
		*type = MSG_CTL_EXIT;
	else if (strcmp(s, "stop_exec_queue") == 0)
		*type = MSG_CTL_STOP_EXEC;
	else if (strcmp(s, "start_exec_queue") == 0)
		*type = MSG_CTL_START_EXEC;
	else if (strcmp(s, "reload_rules") == 0)
		*type = MSG_CTL_RELOAD_RULES;
	else if (strncmp(s, "log_priority=", 13) == 0) {
		level = log_level_parse(s + 13);
		if (level < 0)
			return -1;
		*type = MSG_CTL_LOG_PRIORITY;
		*arg = (uint32_t)level;
	} else if (strncmp(s, "max_childs=", 11) == 0 ||
		   strncmp(s, "max_childs_running=", 19) == 0) {   /* 117's running ones */
		if (str_to_u64(strchr(s, '=') + 1, &v) < 0 || v < 1 || v > 65536)
			return -1;
		*type = MSG_CTL_MAX_CHILDS;
		*arg = (uint32_t)v;
	} else
		return -1;
	return 0;
}

/* One command, the next word its value when it is "env": 0 when udevd took it. */
static int send_command(const char *s, const char *next, int *skip)
{
	enum msg_type type;
	uint32_t arg;
	const char *kv;

	*skip = 0;
	if (parse_command(s, next, &type, &arg, &kv) < 0)
		return MSG_RC_REFUSED;   /* main() checked them all first */
	*skip = kv && kv == next;
	if (kv)
		return ctl_request_env(type, kv, strlen(kv) + 1, CTL_TIMEOUT_MS);
	return ctl_request(type, arg, CTL_TIMEOUT_MS, NULL);
}

int main(int argc, char **argv)
{
	enum msg_type type;
	uint32_t arg;
	const char *kv;
	int i, rc, skip;

	if (opts_std(argc, argv, "udevcontrol", CONTROL_USAGE))
		return 0;
	log_init("udevcontrol", log_sink_auto());
	if (argc < 2)
		return opts_usage_error("udevcontrol", CONTROL_USAGE, "no command", "");
	for (i = 1; i < argc; i++)
		if (argv[i][0] == '-' && parse_command(argv[i], argv[i + 1], &type, &arg, &kv) < 0)
			return opts_unknown("udevcontrol", CONTROL_USAGE, argv[i]);
		else if (parse_command(argv[i], argv[i + 1], &type, &arg, &kv) < 0)
			return opts_usage_error("udevcontrol", CONTROL_USAGE,
						"unknown or malformed command", argv[i]);
		else if (kv && kv == argv[i + 1])
			i++;
	for (i = 1; i < argc; i += 1 + skip) {
		rc = send_command(argv[i], argv[i + 1], &skip);
		if (rc == 0)
			continue;
		if (rc == CTL_NAME_HELD)
			return rc;   /* ctl.c said by whom */
		log_err("%s: %s", argv[i], rc == MSG_RC_REFUSED ? "refused by udevd" :
			rc == MSG_RC_TIMEOUT ? "no answer from udevd" : "cannot reach udevd");
		return rc;
	}
	return 0;
}

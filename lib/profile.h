/* SPDX-License-Identifier: GPL-2.0-only */
/* The features a firmware profile can leave out (Makefile: PROFILE=,
 * WITHOUT=; docs/embedded.md): the single home of their #ifdefs. The
 * Makefile passes -DWITHOUT_<FEATURE> for each one left out and links its
 * stub files instead of its code; the code asks HAVE_<FEATURE>, a constant,
 * so that what a build leaves out is folded away, and says where it is used
 * that it is not built in (feature_absent). */
#ifndef LIB_PROFILE_H
#define LIB_PROFILE_H

#ifdef WITHOUT_NETLINK      /* udevd --netlink and its rescan */
#define HAVE_NETLINK 0
#else
#define HAVE_NETLINK 1
#endif
#ifdef WITHOUT_BROADCAST    /* libudev's broadcast (udevd) and database (udev) */
#define HAVE_BROADCAST 0
#else
#define HAVE_BROADCAST 1
#endif
#ifdef WITHOUT_CLIENTS      /* udevtrigger, udevmonitor, udevadm */
#define HAVE_CLIENTS 0
#else
#define HAVE_CLIENTS 1
#endif
#ifdef WITHOUT_RULES050     /* the 2004 rule syntax, with udev 050's precedence */
#define HAVE_RULES050 0
#else
#define HAVE_RULES050 1
#endif
#ifdef WITHOUT_RULES100     /* the keys of udev 070-100 (ATTR{}, KERNELS...) */
#define HAVE_RULES100 0
#else
#define HAVE_RULES100 1
#endif
#ifdef WITHOUT_PROBES       /* vol_id, disk_id, udev-extras and IMPORT{builtin} */
#define HAVE_PROBES 0
#else
#define HAVE_PROBES 1
#endif
#ifdef WITHOUT_TOOLS        /* udevinfo, udevtest */
#define HAVE_TOOLS 0
#else
#define HAVE_TOOLS 1
#endif
#ifdef WITHOUT_FIRMWARE     /* the firmware loader */
#define HAVE_FIRMWARE 0
#else
#define HAVE_FIRMWARE 1
#endif

/* The profile this build was made with, for messages ("helper"). */
#ifndef PROFILE
#define PROFILE "default"
#endif

/* The exit status of a program, or of an option, that is not built in
 * (the shell's "command not found"; docs/conventions.md). */
#define EXIT_ABSENT 127

/* The main() of a program a profile left out, in its multi-call binary's
 * table (HAVE_TOOLS ? udevinfo_main : absent_main): says so, naming the
 * feature, and returns EXIT_ABSENT. Unused, it is not linked. */
int absent_main(int argc, char **argv);

/* "WHAT: not built in (profile P, built without FEATURE)", for messages
 * of the places that would have used a feature; static storage. */
const char *feature_absent(const char *what, const char *feature);

#endif

# SPDX-License-Identifier: GPL-2.0-only
# One flat Makefile for the whole suite. Outputs go to build/<variant>/ so that
# glibc, klibc, dietlibc and musl builds never mix:
#   make                      system libc          -> build/glibc/
#   make USE_KLIBC=true       static, klcc         -> build/klibc/
#   make USE_DIETLIBC=true    static, diet         -> build/diet/
#   make CC=musl-gcc STATIC=true                   -> build/musl/
# Also: V=1, CROSS_COMPILE=, DESTDIR=, prefix=, SANITIZE=address,undefined.
# The toolchain names the folder (build/glibc-static, build/arm-linux-gnueabihf-
# glibc-static, build/glibc-clang); build/<variant>/flags holds the compiler and
# every flag, and all objects are remade when it changes. CFLAGS, CPPFLAGS and
# LDFLAGS from the environment or the command line come after our own flags.
# With any of them: make size (stripped sizes and budgets), make check (budgets,
# then the bats suite against that build); make bench-static compares them all.

VERSION      := 002
# Install variables, as packagers pass them (the legacy layout by default:
# /sbin, /usr/bin, /etc). prefix=/usr gives /usr/sbin, /usr/bin, /etc and
# /usr/share; prefix=/opt/x gives /opt/x/sbin, /opt/x/bin, /opt/x/etc.
prefix       ?=
exec_prefix  ?= $(prefix)
sbindir      ?= $(exec_prefix)/sbin
bindir       ?= $(if $(exec_prefix),$(exec_prefix)/bin,/usr/bin)
sysconfdir   ?= $(if $(filter-out /usr,$(prefix)),$(prefix)/etc,/etc)
datarootdir  ?= $(if $(prefix),$(prefix)/share,/usr/share)
mandir       ?= $(datarootdir)/man
docdir       ?= $(datarootdir)/doc/udev-legacy
# helpers that rules RUN, where udev keeps them since 2006
libudevdir   ?= $(exec_prefix)/lib/udev
DESTDIR      ?=
V            ?= 0
CROSS_COMPILE ?=
USE_KLIBC    ?= false
USE_DIETLIBC ?= false
ifeq ($(USE_KLIBC)$(USE_DIETLIBC),truetrue)
  $(error USE_KLIBC=true and USE_DIETLIBC=true: one libc per build, pick one (build/klibc/ or build/diet/))
endif
STATIC       ?= false
SANITIZE     ?=
EXTRA_CFLAGS ?=
VARIANT_CPPFLAGS ?=
CFLAGS       ?=
CPPFLAGS     ?=
LDFLAGS      ?=
LINK_NOTES   ?=

WARNINGS := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
	    -Wpointer-arith -Wformat=2
# Size matters (firmware): every function and object in its own section, so
# that the linker drops what no program uses.
OPTFLAGS := -Os -g -ffunction-sections -fdata-sections
LDGC     := -Wl,--gc-sections

# MAKE_VARIANT: the arguments that select this variant, for tests that run make.
ifeq ($(USE_KLIBC),true)
  CC      := klcc
  VARIANT := klibc
  MAKE_VARIANT := USE_KLIBC=true
  LDSTATIC := -static
  # klibc's <stdlib.h> declares abs()/labs() itself, which -Wshadow flags
  WARNINGS += -Wno-shadow
else ifeq ($(USE_DIETLIBC),true)
  CC      := diet $(CROSS_COMPILE)gcc
  VARIANT := $(CROSS_COMPILE)diet
  MAKE_VARIANT := USE_DIETLIBC=true CROSS_COMPILE=$(CROSS_COMPILE)
  # dietlibc's libc.a marks stdio, printf and scanf with link-time notes on
  # "bloat"; make size is where size is judged, so those two-line notes are
  # dropped here (and only those: the link's status is kept). Any other
  # warning of its (setenv and putenv's allocation...) fails the link.
  LINK_NOTES = 2>$@.ld; r=$$?; sed -e '/: in function .*:$$/{N;/bloat/d;}' $@.ld >$@.ld2; \
	cat $@.ld2 >&2; if grep -q 'warning:' $@.ld2; then r=1; rm -f $@; \
	echo "$@: dietlibc's link warning above fails the build" >&2; fi; rm -f $@.ld $@.ld2; exit $$r
  LDSTATIC := -static
else ifneq ($(filter musl-gcc%,$(CC)),)
  VARIANT := musl$(if $(filter true,$(STATIC)),,-dynamic)
  MAKE_VARIANT := CC=$(CC) STATIC=$(STATIC)
  # Debian's musl-gcc sees no kernel headers (linux/netlink.h): the system's
  # come after musl's own, so that only what musl lacks is taken from there
  MUSL_KHDR := $(shell gcc -print-multiarch 2>/dev/null)
  VARIANT_CPPFLAGS := -idirafter /usr/include $(if $(MUSL_KHDR),-idirafter /usr/include/$(MUSL_KHDR),)
  LDSTATIC := $(if $(filter true,$(STATIC)),-static,)
else
  # a compiler named on the command line (CC=clang) names the folder too
  ifeq ($(origin CC),command line)
    CC_NAME := $(if $(filter $(CROSS_COMPILE)gcc,$(CC)),,-$(notdir $(firstword $(CC))))
  else
    CC      := $(CROSS_COMPILE)gcc
    CC_NAME :=
  endif
  VARIANT := $(CROSS_COMPILE)glibc$(CC_NAME)$(if $(filter true,$(STATIC)),-static,)$(if $(SANITIZE),-san,)
  MAKE_VARIANT := STATIC=$(STATIC) CROSS_COMPILE=$(CROSS_COMPILE) $(if $(CC_NAME),CC=$(CC),) \
	$(if $(SANITIZE),SANITIZE=$(SANITIZE),)
  LDSTATIC := $(if $(filter true,$(STATIC)),-static,)
  # A root daemon on a distribution: stack protector and FORTIFY (unless the
  # packager's flags choose a level), and in a dynamic build full RELRO with
  # every symbol bound at start-up. The libc variants have no FORTIFY.
  HARDEN_CFLAGS := -fstack-protector-strong
  ifeq ($(findstring _FORTIFY_SOURCE,$(CPPFLAGS) $(CFLAGS))$(SANITIZE),)
    HARDEN_CPPFLAGS := -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2
  endif
  HARDEN_LDFLAGS := $(if $(LDSTATIC),,-Wl,-z,relro -Wl,-z,now)
endif
HARDEN_CFLAGS   ?=
HARDEN_CPPFLAGS ?=
HARDEN_LDFLAGS  ?=

ifneq ($(SANITIZE),)
  OPTFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=$(SANITIZE) -fno-sanitize-recover=all
  LDSTATIC :=
endif

# Static binaries are packed: text and read-only data share one segment and
# the data segment follows without padding to a page (relro means nothing
# without a dynamic loader). That alone saves 8 KiB of padding per program.
# No unwind tables either: C without exceptions needs none (gdb has -g).
# -Oz (gcc 12 and later) trades a few instructions for bytes; the programs
# spend their time in system calls.
ifeq ($(LDSTATIC),-static)
  OPTFLAGS := $(shell $(CC) -Oz -E -x c /dev/null >/dev/null 2>&1 && echo -Oz || echo -Os) \
	$(filter-out -Os,$(OPTFLAGS))
  LDGC += -Wl,-z,noseparate-code -Wl,-z,norelro -Wl,-z,common-page-size=64 \
	  -Wl,--build-id=none
  OPTFLAGS += -fno-asynchronous-unwind-tables -fno-unwind-tables
  # x86 aligns arrays of 32 bytes and more to 32 for vector loads, which
  # tables of strings never get: the ABI's alignment is enough
  OPTFLAGS += $(shell $(CC) -malign-data=abi -E -x c /dev/null >/dev/null 2>&1 && \
	echo -malign-data=abi)
endif

# ---- firmware profiles (docs/embedded.md, lib/profile.h) -------------------
# A firmware builder leaves features out: PROFILE=helper names a set (the
# kernel's helper path of a small board), WITHOUT="tools firmware" (spaces
# or commas) adds features to leave out. Each one left out is
# -DWITHOUT_<FEATURE> (lib/profile.h), its objects and programs are not
# built (stubs stand in where other code calls it) and it is refused where
# it would be used (a rule key, an option, a program's name). A profile
# builds into a folder of its own (build/klibc-helper, build/klibc-without-
# tools) and the flags stamp records it.
FEATURES := netlink broadcast clients rules050 rules100 probes tools firmware
PROFILES := default helper
PROFILE_default :=
PROFILE_helper  := netlink broadcast clients rules050 probes tools firmware
PROFILE ?= default
WITHOUT ?=
comma := ,
empty :=
space := $(empty) $(empty)
WITHOUT_LIST := $(sort $(subst $(comma), ,$(WITHOUT)))
$(if $(filter $(PROFILES),$(PROFILE)),,$(error PROFILE=$(PROFILE): one of $(PROFILES) (docs/embedded.md)))
$(if $(filter-out $(FEATURES),$(WITHOUT_LIST)),$(error WITHOUT=$(WITHOUT): \
	no feature '$(filter-out $(FEATURES),$(WITHOUT_LIST))'; the features: $(FEATURES)))
LEFT_OUT := $(sort $(PROFILE_$(PROFILE)) $(WITHOUT_LIST))
PROFILE_NAME := $(if $(WITHOUT_LIST),$(if $(filter default,$(PROFILE)),,$(PROFILE)-)without-$(subst \
	$(space),-,$(WITHOUT_LIST)),$(PROFILE))
MAKE_VARIANT += $(if $(LEFT_OUT),PROFILE=$(PROFILE)$(if $(WITHOUT_LIST), \
	WITHOUT=$(subst $(space),$(comma),$(WITHOUT_LIST))))
FEATURE_CPPFLAGS := $(if $(LEFT_OUT),$(addprefix -DWITHOUT_,$(shell echo $(LEFT_OUT) | tr a-z A-Z)) \
	-DPROFILE='"$(PROFILE_NAME)"')

AR       := $(CROSS_COMPILE)ar
O        := build/$(VARIANT)$(if $(LEFT_OUT),-$(PROFILE_NAME))
# The code's flags first, then the packager's (CFLAGS, CPPFLAGS, LDFLAGS).
# Recursive: the fuzz harnesses add FUZZ_CPPFLAGS per target.
# _FILE_OFFSET_BITS=64: a 32-bit build reads directories with getdents64
# (ext4's 64-bit directory offsets made readdir fail with EOVERFLOW for an
# ARM build under qemu-user: the rules directory read as empty).
FUZZ_CPPFLAGS :=
ALL_CPPFLAGS = -Ilib -DVERSION='"$(VERSION)"' -D_FILE_OFFSET_BITS=64 $(VARIANT_CPPFLAGS) $(FEATURE_CPPFLAGS) \
	-DSBINDIR='"$(sbindir)"' -DSYSCONFDIR='"$(sysconfdir)"' -DLIBUDEVDIR='"$(libudevdir)"' $(HARDEN_CPPFLAGS) \
	$(FUZZ_CPPFLAGS) $(CPPFLAGS)
ALL_CFLAGS   = $(OPTFLAGS) $(WARNINGS) -std=gnu99 $(HARDEN_CFLAGS) $(EXTRA_CFLAGS) $(CFLAGS)
ALL_LDFLAGS  = $(LDSTATIC) $(LDGC) $(if $(SANITIZE),-fsanitize=$(SANITIZE),) \
	$(HARDEN_LDFLAGS) $(LDFLAGS)

# build/<variant>/flags: the compiler and all its flags. Rewritten only when
# they change, and every object and link depends on it, so that no object is
# ever reused with another toolchain or other flags.
FLAGS_STAMP := $(O)/flags
differ = $(subst $(1),,$(2))$(subst $(2),,$(1))
FLAGS_NOW = PROFILE=$(PROFILE_NAME) WITHOUT=$(LEFT_OUT) CC=$(CC) CPPFLAGS=$(ALL_CPPFLAGS) CFLAGS=$(ALL_CFLAGS) LDFLAGS=$(ALL_LDFLAGS) \
	$(if $(filter glibc glibc-static,$(VARIANT)),HELPER_LIBC=$(if $(HELPER_BINS),$(HELPER_LIBC),system))

ifeq ($(V),1)
  Q :=
else
  Q := @
endif

.DELETE_ON_ERROR:
.SECONDEXPANSION:
# `make` alone builds the whole variant: without this, a dependency-only
# rule below (hotplug_gate.o) was the default goal of every build but glibc's
.DEFAULT_GOAL := all

# ---- programs and their objects ------------------------------------------
# Each area adds its programs and one object list per program; a program in
# LINKED_PROGRAMS is a symbolic link to a multi-call binary instead.
PROGRAMS :=
LINKED_PROGRAMS :=

# -- the per-event helpers: udevsend (udevsend/), and hotplug (hotplug/)
# with udevsend's code linked in (lib/multicall.h): the event of a
# default/10-udev.hotplug link to udevsend is sent without a second program
# klibc's start-up opens stdio, which neither uses: lib/nostdio-klibc.c
# leaves that out (1.3 KiB of udevsend, and work at every event).
PROGRAMS += udevsend hotplug
HELPER_START := $(if $(filter klibc,$(VARIANT)),lib/nostdio-klibc.o)
udevsend_OBJS := udevsend/udevsend.o $(HELPER_START)
hotplug_OBJS  := hotplug/hotplug.o lib/hotplug_filter.o udevsend/udevsend.main.o $(HELPER_START)

# -- the daemon and its clients: one multi-call program (udevd/multicall.c),
# the name it is run under picks udevd, udevcontrol, udevsettle,
# udevtrigger, udevmonitor or udevadm (udev 117's front end to them all).
# udevd/ holds its stages: door/ (the socket, refusals, netlink, duplicates,
# the rescan, udevd's own variables taken out of what arrives), queue/
# (SEQNUM order, device chains, late events), workers/ (udev's processes),
# answer/ (acks, monitors); clients/ holds the clients.
PROGRAMS += udevd udevcontrol udevsettle udevtrigger udevmonitor udevadm
MULTICALL_udevd := udevcontrol udevsettle udevtrigger udevmonitor udevadm
udevd_OBJS := udevd/multicall.o udevd/udevd.main.o udevd/setup.o udevd/queued.o \
	udevd/door/sock.o udevd/door/netlink.o udevd/door/marks.o udevd/door/dedup.o \
	udevd/door/refuse.o udevd/door/rescan.o udevd/door/synth.o udevd/door/seen.o udevd/door/own.o udevd/door/watch.o udevd/door/gather.o \
	udevd/queue/queue.o udevd/queue/claims.o udevd/queue/devseq.o udevd/queue/journal.o \
	udevd/workers/runner.o udevd/workers/pool.o udevd/workers/fork.o udevd/workers/child.o \
	udevd/workers/budget.o udevd/workers/globals.o \
	udevd/answer/ack.o udevd/answer/outbox.o udevd/answer/monitor.o udevd/answer/broadcast.o \
	udevd/answer/public.o udevd/answer/failed.o \
	udevd/clients/ctl.o $(patsubst %,udevd/clients/%.main.o,$(MULTICALL_udevd))

# -- the device manager and its tools: one multi-call program
# (udev/programs/multicall.c) for udev, udevstart, udevinfo, udevtest, the
# firmware loader, vol_id and disk_id. udev/ holds the stages of one event:
# event/ (what it carries), rules/, node/, db/, run/ (RUN, dev.d, exec);
# keep/ is what a worker keeps between events; pipeline.c drives an event
# through them, driver.c and worker.c feed it events; programs/ holds the
# programs' main()s (udev's too), extras/ the probes of vol_id and disk_id.
UDEV_CORE_OBJS := udev/event/event.o udev/event/env.o udev/event/props.o \
	udev/rules/parse.o udev/rules/load.o udev/rules/tokens.o udev/rules/apply.o udev/rules/import.o udev/rules/glob.o udev/rules/subst.o \
	udev/node/node.o udev/node/walk.o udev/node/perms.o udev/node/netif.o udev/node/links.o \
	udev/db/record.o udev/db/db.o udev/db/index.o udev/db/ldb.o \
	udev/run/exec.o udev/run/builtin.o udev/run/devd.o udev/run/sock.o udev/run/hotplug_gate.o lib/hotplug_filter.o \
	udev/keep/cache.o udev/keep/watch.o udev/pipeline.o udev/driver.o
# udev 100-117's extras (usb_id ...): one program of their own, installed
# in $(libudevdir) under each one's name, and udev's built-ins too, but in
# the firmware builds, whose udev has a budget (tools/size.sh): there
# IMPORT{builtin} runs the program (EXTRAS_BUILTIN=true|false chooses).
EXTRAS_OBJS := extras/extras_lib.o extras/usb_id.o extras/path_id.o extras/path_id_san.o \
	extras/scsi_id.o extras/scsi_serial.o extras/ata_id.o extras/cdrom_id.o extras/edd_id.o \
	extras/collect.o
EXTRAS_BUILTIN ?= $(if $(filter klibc %diet,$(VARIANT)),false,true)
$(if $(filter true false,$(EXTRAS_BUILTIN)),,$(error EXTRAS_BUILTIN=$(EXTRAS_BUILTIN): true or false))
EXTRAS_NAMES := usb_id path_id scsi_id ata_id cdrom_id edd_id collect
# udev 117's rule generators (persistent net and cd names): programs only
EXTRAS_NAMES += write_net_rules write_cd_rules
PROGRAMS += udev-extras $(EXTRAS_NAMES)
udev-extras_OBJS := extras/udev-extras.o $(EXTRAS_OBJS) \
	extras/rule_generator.o extras/write_net_rules.o extras/write_cd_rules.o
LINKED_PROGRAMS += $(EXTRAS_NAMES)
$(foreach p,$(EXTRAS_NAMES),$(eval LINK_$(p) := udev-extras))
VOLUME_FS_OBJS := extras/volume.o extras/volume_fs.o extras/volume_probe.o \
	extras/volume_shape.o extras/volume_raid.o extras/volume_ms.o extras/volume_udf.o \
	extras/volume_hfs.o extras/volume_zfs.o
VOLUME_OBJS := $(VOLUME_FS_OBJS) extras/volume_export.o extras/volume_part.o
# IMPORT{builtin} (udev/run/builtin.c) runs vol_id's and disk_id's code
UDEV_CORE_OBJS += extras/vol_id.main.o extras/disk_id.main.o $(VOLUME_OBJS)
UDEV_CORE_OBJS += $(if $(filter true,$(EXTRAS_BUILTIN)),udev/run/builtin_extras.o $(EXTRAS_OBJS),\
	udev/run/builtin_extras_none.o)
PROGRAMS += udev udevstart udevinfo udevtest firmware vol_id disk_id
MULTICALL_udev := udevstart udevinfo udevtest firmware vol_id disk_id
udev_OBJS := udev/programs/multicall.o udev/worker.o \
	$(patsubst %,udev/programs/%.main.o,udev udevstart udevinfo udevtest firmware) \
	$(UDEV_CORE_OBJS)

# What each feature of a profile is (lib/profile.h): FEATURE_PROGRAMS_f
# are not built without it, nor FEATURE_OBJS_f; FEATURE_STUBS_f pairs
# OBJ:STUB, the stub linked in OBJ's place. rules050 and rules100 are
# parts of the rules' code, left out by the compiler. A program of a
# multi-call binary left out is named in lib/profile.c too (absent_main).
FEATURE_OBJS_netlink      := udevd/door/netlink.o udevd/door/rescan.o udevd/door/seen.o
FEATURE_STUBS_broadcast   := udevd/answer/broadcast.o:udevd/answer/broadcast_none.o \
	udev/db/ldb.o:udev/db/ldb_none.o
FEATURE_PROGRAMS_clients  := udevtrigger udevmonitor udevadm
FEATURE_PROGRAMS_tools    := udevinfo udevtest
FEATURE_PROGRAMS_firmware := firmware
FEATURE_PROGRAMS_probes   := vol_id disk_id udev-extras $(EXTRAS_NAMES)
FEATURE_OBJS_probes       := extras/vol_id.main.o extras/disk_id.main.o $(VOLUME_OBJS) $(EXTRAS_OBJS)
FEATURE_STUBS_probes      := udev/run/builtin_extras.o:udev/run/builtin_extras_none.o
# the rules of etc/ that use a feature (not installed without it)
FEATURE_ETC_probes := $(addprefix udev/rules.d/60-persistent-,input.rules serial.rules storage.rules)
$(foreach f,$(FEATURES),$(foreach k,OBJS PROGRAMS STUBS ETC,$(eval FEATURE_$(k)_$(f) ?=)))
LEFT_OUT_PROGRAMS := $(foreach f,$(LEFT_OUT),$(FEATURE_PROGRAMS_$(f)))
LEFT_OUT_OBJS := $(foreach f,$(LEFT_OUT),$(FEATURE_OBJS_$(f)) $(patsubst %,%.main.o,\
	$(addprefix udevd/clients/,$(filter $(MULTICALL_udevd),$(FEATURE_PROGRAMS_$(f)))) \
	$(addprefix udev/programs/,$(filter $(MULTICALL_udev),$(FEATURE_PROGRAMS_$(f))))))
STUB_PAIRS := $(foreach f,$(LEFT_OUT),$(FEATURE_STUBS_$(f)))
ETC_SKIP := $(foreach f,$(LEFT_OUT),$(FEATURE_ETC_$(f)))
# profile_objs LIST: LIST without the objects left out, stubs in their place
profile_objs = $(filter-out $(LEFT_OUT_OBJS),$(foreach o,$(1),\
	$(or $(patsubst $(o):%,%,$(filter $(o):%,$(STUB_PAIRS))),$(o))))
PROGRAMS := $(filter-out $(LEFT_OUT_PROGRAMS),$(PROGRAMS))
MULTICALL_udevd := $(filter-out $(LEFT_OUT_PROGRAMS),$(MULTICALL_udevd))
MULTICALL_udev := $(filter-out $(LEFT_OUT_PROGRAMS),$(MULTICALL_udev))
UDEV_CORE_OBJS := $(call profile_objs,$(UDEV_CORE_OBJS))
udev_OBJS := $(call profile_objs,$(udev_OBJS))
udevd_OBJS := $(call profile_objs,$(udevd_OBJS))

# A program in LINKED_PROGRAMS is a link to the multi-call binary named
# LINK_<program>.
LINKED_PROGRAMS += $(MULTICALL_udevd) $(MULTICALL_udev)
$(foreach p,$(MULTICALL_udevd),$(eval LINK_$(p) := udevd))
$(foreach p,$(MULTICALL_udev),$(eval LINK_$(p) := udev))

# -- the per-event helpers in the glibc builds
# udevsend and hotplug start once per kernel event, vol_id and disk_id once
# per disk event (60-persistent-storage.rules): the dynamic loader and the
# system libc's start-up (static glibc's too: its IRELATIVE relocations and
# cpuid probing) are most of what they cost (docs/performance.md). The
# glibc builds (dynamic, and STATIC=true) link them statically against the
# smallest libc present: dietlibc, klibc, then musl-gcc (HELPER_LIBC=diet,
# klibc, musl or system chooses), built by that variant's own make in
# $(O)/helper-LIBC/, and say what they chose (make's output,
# $(O)/helper-libc, make size). With none present they are linked like the
# other programs. vol_id's superblock code needs nothing that dietlibc or
# klibc lack (both build it in their own variants).
HELPER_PROGRAMS := udevsend hotplug
HELPER_LIBC ?= auto
HELPER_BINS :=
ifneq ($(filter glibc glibc-static,$(VARIANT)),)
  ifeq ($(HELPER_LIBC),auto)
    override HELPER_LIBC := $(firstword $(if $(shell command -v diet),diet) \
	$(if $(shell command -v klcc),klibc) $(if $(shell command -v musl-gcc),musl) system)
  endif
  HELPER_ARGS_diet  := USE_DIETLIBC=true CC="diet gcc"
  HELPER_ARGS_klibc := USE_KLIBC=true CC=klcc
  HELPER_ARGS_musl  := CC=musl-gcc STATIC=true
  HELPER_ARGS_system :=
  $(if $(filter diet klibc musl system,$(HELPER_LIBC)),,\
    $(error HELPER_LIBC=$(HELPER_LIBC): auto, diet, klibc, musl or system))
  HELPER_ARGS := $(HELPER_ARGS_$(HELPER_LIBC))
  HELPER_NAME := $(patsubst diet,dietlibc,$(HELPER_LIBC))
  ifneq ($(HELPER_ARGS),)
    HELPER_BINS := $(addprefix $(O)/,$(HELPER_PROGRAMS))
    HELPER_O := $(O)/helper-$(HELPER_LIBC)
  endif
  all: $(O)/helper-libc
endif

# ---- shared library -------------------------------------------------------
LIB_OBJS := lib/compat.o lib/fmt.o lib/fmt-print.o lib/log.o lib/fd.o lib/str.o
LIB_OBJS += lib/msg.o lib/uevent.o lib/loop.o
LIB_OBJS += lib/conf.o lib/sysfs.o lib/path.o lib/user.o lib/coldplug.o lib/proc.o lib/opts.o
LIB_OBJS += lib/profile.o lib/enc.o lib/multicall.o lib/namelock.o lib/namelock-own.o lib/loader.o

# Objects live apart from the binaries: program "udevd" is built from udevd/udevd.c.
# Each object's headers are listed by the compiler (-MMD) in its .d file
# beside it, read back here: a changed header remakes what includes it,
# whichever folder it is in.
OBJDIR := $(O)/obj
DEPFLAGS = -MMD -MP
# the .d file names headers as the includes reached them (udev/rules/../db/db.h):
# written plainly (udev/db/db.h), so that make -W names them as anyone would
DEPTIDY = sed -i -e ':a' -e 's%\(^\| \|/\)[^./ ][^/ ]*/\.\./%\1%' -e 'ta' $(@:.o=.d)
-include $(shell find $(OBJDIR) -name '*.d' 2>/dev/null)
LIB := $(OBJDIR)/lib/libudev-legacy.a

# ---- rules -----------------------------------------------------------------
BINS := $(addprefix $(O)/,$(filter-out $(LINKED_PROGRAMS),$(PROGRAMS)))
LINKS := $(addprefix $(O)/,$(filter $(LINKED_PROGRAMS),$(PROGRAMS)))

all: $(BINS) $(LINKS)

# (the whole recipe is expanded before it runs: the folder is made inside it;
# the words are compared, not the white space: a read of the file has been
# seen to come back with a newline more, which rebuilt everything)
$(FLAGS_STAMP): FORCE
	$(if $(call differ,$(strip $(FLAGS_NOW)),$(strip $(file <$@))),\
		@$(shell mkdir -p $(dir $@))$(file >$@,$(FLAGS_NOW))echo "  FLAGS   $@ (changed: all is rebuilt)",\
		@:)

FORCE:

# $(O)/profile: the profile's name and the features it left out, one line,
# for the tests (test/lib.bash: needs)
$(O)/profile: $(FLAGS_STAMP)
	$(Q)echo "$(PROFILE_NAME) $(LEFT_OUT)" >$@

all: $(O)/profile

$(OBJDIR)/%.o: %.c Makefile $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CC      $@"
	$(Q)$(CC) $(DEPFLAGS) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $< && $(DEPTIDY)

# A program's main() inside a multi-call binary: udev/programs/udevinfo.c gives
# udevinfo_main() in udev/programs/udevinfo.main.o (lib/multicall.h declares it).
$(OBJDIR)/%.main.o: %.c Makefile $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CC      $@"
	$(Q)$(CC) $(DEPFLAGS) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -include lib/multicall.h \
		-Dmain=$(notdir $*)_main -c -o $@ $< && $(DEPTIDY)

$(LIB): $(addprefix $(OBJDIR)/,$(LIB_OBJS))
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  AR      $@"
	$(Q)rm -f $@ && $(AR) rcs $@ $^

LINK_PROGRAM = $(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(LIB) $(LINK_NOTES)

$(filter-out $(HELPER_BINS),$(BINS)): $(O)/%: $$(addprefix $(OBJDIR)/,$$($$*_OBJS)) $(LIB) \
		$(FLAGS_STAMP)
	@[ "$(V)" = 1 ] || echo "  LD      $@"
	$(Q)$(LINK_PROGRAM)

# The per-event helpers of the default build: made by one run of the helper
# variant's own make (its objects, flags and folder; $(O)/helper-libc says
# how it went), copied here when they changed; linked with the system libc,
# and said so, when that build fails.
ifeq ($(HELPER_BINS),)
$(O)/helper-libc: FORCE
	@mkdir -p $(O)
	$(Q)echo "system libc ($(if $(filter system,$(HELPER_LIBC)),HELPER_LIBC=system,no dietlibc, klibc or musl-gcc))" \
		>$@.tmp; cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@
else
$(O)/helper-libc: FORCE
	$(Q)mkdir -p $(O); if $(MAKE) --no-print-directory $(HELPER_ARGS) O=$(HELPER_O) \
		$(addprefix $(HELPER_O)/,$(HELPER_PROGRAMS)) >$(HELPER_O).log 2>&1; \
	then echo "static, $(HELPER_NAME)"; \
	else echo "system libc (the static $(HELPER_NAME) build failed: $(HELPER_O).log)"; \
	fi >$@.tmp; cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@
endif

$(HELPER_BINS): $(O)/%: $$(addprefix $(OBJDIR)/,$$($$*_OBJS)) $(LIB) $(FLAGS_STAMP) \
		$(O)/helper-libc FORCE
	$(Q)if grep -q '^static' $(O)/helper-libc; then \
		cmp -s $(HELPER_O)/$* $@ || { cp $(HELPER_O)/$* $@.tmp && mv $@.tmp $@ && \
		echo "  HELPER  $@: static, $(HELPER_NAME) (from $(HELPER_O))"; }; \
	else \
		echo "  HELPER  $@: $$(cat $(O)/helper-libc)"; \
		$(LINK_PROGRAM); \
	fi

$(LINKS): $(O)/%: $$(O)/$$(LINK_$$*)
	@[ "$(V)" = 1 ] || echo "  LN      $@ -> $(LINK_$*)"
	$(Q)ln -sfn $(LINK_$*) $@

# ---- fuzzing (test/fuzz/, docs/hardening.md) --------------------------------
# One harness per parser. Built with a small replay main (driver.c) they run
# over their committed corpora in `make check`; `make fuzz` builds them with
# clang's libFuzzer + ASan/UBSan into build/fuzz/ and runs each FUZZ_SECONDS.
FUZZERS := msg conf rules subst db hotplug volume part scsi
fuzz-msg_OBJS     :=
fuzz-conf_OBJS    :=
fuzz-rules_OBJS   := $(UDEV_CORE_OBJS)
fuzz-subst_OBJS   := $(UDEV_CORE_OBJS)
fuzz-db_OBJS      := $(UDEV_CORE_OBJS)
fuzz-hotplug_OBJS := lib/hotplug_filter.o
fuzz-volume_OBJS  := $(VOLUME_FS_OBJS)
fuzz-part_OBJS    := extras/volume.o extras/volume_part.o
fuzz-scsi_OBJS    := extras/scsi_serial.o
FUZZ_MAIN    ?= driver
FUZZ_SECONDS ?= 60
FUZZ_BINS    := $(addprefix $(O)/fuzz/fuzz-,$(FUZZERS))
ifeq ($(FUZZ_MAIN),libfuzzer)
  EXTRA_CFLAGS += -fsanitize=fuzzer-no-link
  FUZZ_LDFLAGS := -fsanitize=fuzzer
  FUZZ_DRIVER :=
else
  FUZZ_LDFLAGS :=
  FUZZ_DRIVER := $(OBJDIR)/test/fuzz/driver.o
endif

$(OBJDIR)/test/fuzz/%.o: FUZZ_CPPFLAGS := -Itest/fuzz

$(O)/fuzz/fuzz-%: $(OBJDIR)/test/fuzz/fuzz-%.o $(OBJDIR)/test/fuzz/fuzz.o $(FUZZ_DRIVER) \
		$$(addprefix $(OBJDIR)/,$$(fuzz-$$*_OBJS)) $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  LD      $@"
	$(Q)$(CC) $(ALL_LDFLAGS) $(FUZZ_LDFLAGS) -o $@ $(filter %.o,$^) $(LIB)

fuzz-bins: $(FUZZ_BINS)

.SECONDARY: $(patsubst %,$(OBJDIR)/test/fuzz/%.o,fuzz driver $(addprefix fuzz-,$(FUZZERS)))
# Regression mode: every harness once over its corpus (a found crash stays fixed).
fuzz-check: $(FUZZ_BINS)
	$(Q)for f in $(FUZZERS); do \
		$(O)/fuzz/fuzz-$$f test/fuzz/corpus/$$f || exit 1; done

fuzz:
	@sh tools/install-deps.sh fuzz
	$(MAKE) CC=clang VARIANT=fuzz SANITIZE=address,undefined FUZZ_MAIN=libfuzzer fuzz-run

# New inputs go to build/fuzz/corpus/NAME; crashes to build/fuzz/crash-NAME-*.
fuzz-run: $(FUZZ_BINS)
	$(Q)for f in $(FUZZERS); do \
		mkdir -p $(O)/corpus/$$f; \
		echo "  FUZZ    $$f for $(FUZZ_SECONDS) s"; \
		TMPDIR=$${FUZZ_TMPDIR:-/dev/shm} $(O)/fuzz/fuzz-$$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=1024 -max_len=20000 -print_final_stats=1 \
			-artifact_prefix=$(O)/crash-$$f- \
			$(O)/corpus/$$f test/fuzz/corpus/$$f 2>$(O)/fuzz-$$f.log || \
			{ tail -n 40 $(O)/fuzz-$$f.log; exit 1; }; \
		grep -E '^stat::number_of_executed_units|^Done' $(O)/fuzz-$$f.log; \
	done

# ---- benchmarks (bench/) --------------------------------------------------
# The storm driver, the fake sysfs writer, two static no-op helpers (the
# floor, no libc, and one with the build's libc) and a no-op pool worker.
# Not installed. `make bench`
# runs the storms; see docs/performance.md.
BENCH_N    ?= 1024
BENCH_REPS ?= 3
BENCH_OUT  ?= build/bench
BENCH_BINS := $(O)/bench/storm $(O)/bench/fakesys $(O)/bench/noop $(O)/bench/noop-worker
# The driver, the tree writer and the floor run on the build machine in every
# variant (they need posix_spawn and nftw): built with HOSTCC. The static
# no-op with a libc uses the variant's, to show what its start-up costs.
HOSTCC     ?= gcc

$(O)/bench/storm $(O)/bench/fakesys: $(O)/bench/%: bench/%.c lib/compat.h Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  HOSTCC  $@"
	$(Q)$(HOSTCC) -Ilib -O2 -g $(WARNINGS) -std=gnu99 -o $@ $<

# The floor is built for the benchmarks only, and skipped (with a message) on
# an architecture whose exit_group stub bench/noop-nolibc.c does not have.
NOLIBC := $(O)/bench/noop-nolibc
$(NOLIBC): bench/noop-nolibc.c Makefile
	@mkdir -p $(dir $@)
	$(Q)if $(HOSTCC) -dM -E $< | grep -q NOOP_NOLIBC_NO_STUB; then \
		echo "  SKIP    $@: no exit_group stub for $$($(HOSTCC) -dumpmachine) in $<"; \
	else \
		[ "$(V)" = 1 ] || echo "  HOSTCC  $@ (static, no libc)"; \
		$(HOSTCC) -Os $(WARNINGS) -static -nostdlib -fno-stack-protector -o $@ $<; \
	fi

# Static: no dynamic loader, the cheapest a libc helper gets, as udevsend aims to be.
$(O)/bench/noop: bench/noop.c Makefile $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CCLD    $@ (static)"
	$(Q)$(CC) $(filter-out -fsanitize=%,$(ALL_CFLAGS)) -static -o $@ $<

# The daemon side's floor: a pool worker that answers each event at once and
# does nothing else, with the variant's libc, as udev would be.
$(O)/bench/noop-worker: bench/noop-worker.c lib/msg.h Makefile $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CCLD    $@ (static)"
	$(Q)$(CC) $(ALL_CPPFLAGS) $(filter-out -fsanitize=%,$(ALL_CFLAGS)) -static -o $@ $<

# Harnesses that link one stage of a program and count what it does
# (test/unit/, run by the tests); built with the benchmarks' programs.
TEST_BINS := $(O)/test/seen-rebuilds $(O)/test/loop-poll
$(O)/test/loop-poll: $(OBJDIR)/test/unit/loop-poll.o $(LIB)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CCLD    $@"
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(LIB)
$(O)/test/seen-rebuilds: $(OBJDIR)/test/unit/seen-rebuilds.o $(OBJDIR)/udevd/door/seen.o $(LIB)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CCLD    $@"
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(LIB)

# Not part of all: they are built with HOSTCC for the build machine (x86-64
# programs in an ARM build's folder) and static (a toolchain without a static
# libc could not build them). make bench and the tests that use them
# (test/bench.bats, test/udev-dblinks.bats) build them: make bench-bins.
bench-bins: $(BENCH_BINS) $(NOLIBC) $(TEST_BINS)
# (make check runs the bench script's own test, with the floor)
check: bench-bins

# Installs busybox-static, gnuplot and the static toolchains when missing, makes
# the dietlibc and klibc builds beside this one, then runs the storms: every build
# side by side (BENCH_BUILDS, see bench/run-bench). A build that cannot be made is
# skipped by run-bench with a line saying why; its make log is in BENCH_OUT.
bench: all bench-bins
	@sh tools/install-deps.sh bench static
	@mkdir -p $(BENCH_OUT)
	@$(MAKE) -s USE_KLIBC=false USE_DIETLIBC=true all bench-bins >$(BENCH_OUT)/make-dietlibc.log 2>&1 || \
		echo "bench: make USE_DIETLIBC=true failed, see $(BENCH_OUT)/make-dietlibc.log"
	@$(MAKE) -s USE_KLIBC=true USE_DIETLIBC=false all bench-bins >$(BENCH_OUT)/make-klibc.log 2>&1 || \
		echo "bench: make USE_KLIBC=true failed, see $(BENCH_OUT)/make-klibc.log"
	BIN=$(abspath $(O)) BENCH_N="$(BENCH_N)" BENCH_REPS="$(BENCH_REPS)" \
		BENCH_OUT="$(BENCH_OUT)" bench/run-bench

# make bench-static: what one event costs the kernel side in each build
# variant, side by side (bench/spawn-cost.sh): udevsend's spawn cost as a
# ratio to the no-libc floor, and udevd's memory idle and after a storm.
$(O)/bench/spawn-cost: bench/spawn-cost.c Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  HOSTCC  $@"
	$(Q)$(HOSTCC) -O2 -g $(WARNINGS) -std=gnu99 -o $@ $<

bench-static:
	@sh tools/install-deps.sh static
	$(MAKE) -s USE_KLIBC=false USE_DIETLIBC=false CC=$(HOSTCC) STATIC=false HELPER_LIBC=system \
		all bench-bins build/glibc/bench/spawn-cost
	$(MAKE) -s USE_KLIBC=true USE_DIETLIBC=false all bench-bins
	$(MAKE) -s USE_KLIBC=false USE_DIETLIBC=true all bench-bins
	$(if $(shell command -v musl-gcc),$(MAKE) -s USE_KLIBC=false USE_DIETLIBC=false CC=musl-gcc STATIC=true all bench-bins,)
	BENCH_TOOLS=$(abspath build/glibc/bench) bench/spawn-cost.sh

# make bench-late: a storm with one starved helper, without and with the
# kernel's seqnum counter: how long udevd holds the gap (bench/run-late).
LATE_N      ?= 512
LATE_DELAYS ?= 1 3 6
bench-late: all bench-bins
	BIN=$(abspath $(O)) LATE_N="$(LATE_N)" LATE_DELAYS="$(LATE_DELAYS)" bench/run-late

# make bench-worker: what one event costs a udev pool worker alone (bench/worker-cpu):
# CPU per event of this build's udev --worker over WORKER_N adds and removes,
# plain, with two symlinks per device, running the static no-op per event
# (its wall time per event too), and SCSI disks through each build's own
# 60-persistent-storage.rules (storage); WORKER_COMPARE="NAME=UDEV_BIN ..."
# runs other binaries (another checkout's build) beside it in the same run;
# WORKER_DEPTH=K sends each worker K events ahead of their acks (udevd: 1);
# WORKER_SYNTAX=1 adds the same rules in udev 064's and udev 100's syntax
# over a sysfs tree of the disks (the cases rules064 and rules100).
WORKER_SYNTAX  ?=
WORKER_N       ?= 1000
WORKER_REPS    ?= 3
WORKER_DEPTH   ?= 1
WORKER_COMPARE ?=
bench-worker: all bench-bins
	bench/worker-cpu -n $(WORKER_N) -r $(WORKER_REPS) --depth $(WORKER_DEPTH) --run $(O)/bench/noop \
		$(if $(WORKER_SYNTAX),--syntax) \
		this=$(abspath $(O))/udev $(WORKER_COMPARE)

.PHONY: bench bench-bins bench-static bench-late bench-worker

# ---- tests -----------------------------------------------------------------
# make check installs what the tests need when it is missing (as root), builds,
# and runs the bats suite against this variant's binaries; the tests that go
# through udevd run a second time with udevd in its other mode (fork), and
# the udev tests of events, dev.d and RUN a second time through `udev --worker`
# (UDEV_VIA_WORKER=1 runs any udev-*.bats that way). The udevd-workers*
# files and udevd-libudev.bats (the broadcast: udev's properties come from
# pool workers, fork mode has its own test there) choose their modes
# themselves and the kernel-event tests of udevd-netlink.bats run once.
# SECOND_PASSES names the passes after the first (fork, worker); empty, the
# suite runs once (.ci/run, for the firmware builds: the modes' code is the
# same C as the default build's).
# ONE_MODE_TESTS go through udevd but never reach the code that differs
# between its modes (udevd/workers/), so the fork pass leaves them out:
#   udevd-loglevel  both tests need real uevents (make check-uevents): in make
#                   check they skip, the fork pass ran nothing
#   udevd-seen      a harness of the door's seen set (test/seen-rebuilds):
#                   no udevd runs
#   udevd-security  refusals at the door, before an event is queued; the one
#                   event it runs is what every file of the fork pass runs
#   udevd-query     the seqnum query and the monitor, answered from the
#                   queue's state; fork mode's acks and results: udevd-acks
#                   and udevd-limits in the fork pass
#   udevd-gap       the gap hold is the queue's, before the runner; fork mode
#                   under a gap: udevd-order's gap tests in the fork pass
ONE_MODE_TESTS := test/udevd-loglevel.bats test/udevd-seen.bats test/udevd-security.bats \
	test/udevd-query.bats test/udevd-gap.bats
SECOND_MODE_TESTS := $(filter-out test/udevd-workers%.bats test/udevd-netlink.bats \
	test/udevd-libudev.bats $(ONE_MODE_TESTS), \
	$(wildcard test/udevd-*.bats test/udev-eventpath.bats))
# (udev-net.bats runs $BIN/udev itself in a namespace, never through the
# suite's ev: its worker pass ran the same commands again)
WORKER_PASS_TESTS := $(wildcard test/udev-event.bats test/udev-devd.bats)
SECOND_PASSES ?= fork worker
# Seconds a test may take before it fails as a hang (tools/run-bats.sh,
# test/lib.bash's watchdog): the slowest, install.bats's prefix=/usr, took
# 53 s here on two loaded cores, and the CI machine is about 6 times slower
# than this one unloaded (make check: 17 min, 3 here); the sanitizers' and
# valgrind's runs get three times as long.
TEST_TIMEOUT ?= 600
# Bats runs side by side (tools/run-bats.sh, RUN_BATS_JOBS): each takes the
# next file until none is left, against its own copy of the build. A file
# waits on processes and timers about half its time, so two use two CPUs;
# 1 runs the files one after another. check-stress and check-uevents run
# one file at a time whatever it says (their storms and the kernel's
# uevents are the machine's).
TEST_JOBS ?= 2
# ONCE_TESTS use no program of the build under test (the Makefile itself,
# the documents, the suite's own scripts, the qemu proof's host tools) or the
# same C in every build (--help texts): they run in the default build's
# make check only (.ci/run's firmware and sanitizer passes skip them).
# bench.bats tests the benchmark's own parts, built with HOSTCC in every
# build (fakesys, storm) and its scripts; install.bats the Makefile's
# install rules, the same for every build (the kernel proof installs the
# klibc build and boots it; 5,900 processes a pass, docs/perf-log/ci.md).
ONCE_TESTS := test/build.bats test/docs.bats test/kernel-tools.bats test/suite.bats \
	test/bench.bats test/install.bats
# A profile that leaves features out (PROFILE=, WITHOUT=; docs/embedded.md)
# runs PROFILE_TESTS: the tests of the helper profile's programs, the path
# of a kernel event through udevsend, hotplug and udevd to udev's rules,
# nodes, links, database, dev.d and RUN. Inside them, a test of a feature
# the build left out skips with the profile's name (test/lib.bash: needs).
# make check USE_KLIBC=true runs the helper profile's suite after its own
# (32 s here; udevd's queue and acks are the same C in every profile, and
# its tests of them, 26 s more, run in the default profile's suite only).
PROFILE_TESTS := test/profile.bats test/hotplug.bats test/udevd-control.bats \
	test/udevd-workers-udev.bats test/udev-event.bats test/udev-rules-100.bats \
	test/udev-devd.bats test/udev-exec.bats
CHECK_TESTS = $(if $(LEFT_OUT),$(PROFILE_TESTS),$(sort $(filter-out \
	$(if $(filter glibc,$(VARIANT)),,$(ONCE_TESTS)), $(wildcard test/*.bats))))
# The firmware builds must also stay within their size budgets (tools/size.sh).
# The fuzz harnesses' corpus replay is a host tool (it uses nftw): it runs
# with the system libc builds, the parsers it feeds are the same code.
# deps first, then a make of its own: which libc the per-event helpers link
# (HELPER_LIBC=auto) is decided when make reads this file, and deps may just
# have installed dietlibc.
check: deps
	@$(MAKE) --no-print-directory check-suite

check-suite: all bench-bins size-check circles $(if $(filter glibc%,$(VARIANT)),fuzz-check,)
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) MAKE_VARIANT="$(MAKE_VARIANT)" \
		BATS_TEST_TIMEOUT=$(TEST_TIMEOUT) RUN_BATS_JOBS=$(TEST_JOBS) tools/run-bats.sh $(CHECK_TESTS) \
		$(if $(filter fork,$(SECOND_PASSES)),--pass UDEVD_WORKERS=fork \
			$(filter $(CHECK_TESTS),$(SECOND_MODE_TESTS))) \
		$(if $(filter worker,$(SECOND_PASSES)),--pass UDEV_VIA_WORKER=1 \
			$(filter $(CHECK_TESTS),$(WORKER_PASS_TESTS)))
	$(if $(filter klibc,$(VARIANT)),$(if $(LEFT_OUT),,@echo "  CHECK   the helper profile (build/klibc-helper)"; \
		$(MAKE) --no-print-directory PROFILE=helper check-suite))

# make check-uevents: the netlink tests that make this machine's kernel emit
# "change" uevents (mem, tty), which every listener on the machine receives,
# a desktop's udev included: explicit, never part of make check.
UEVENT_TESTS := test/udevd-netlink.bats test/udevd-loglevel.bats
check-uevents: all
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) MAKE_VARIANT="$(MAKE_VARIANT)" UDEV_TEST_UEVENTS=1 \
		tools/run-bats.sh $(UEVENT_TESTS)

deps:
	@sh tools/install-deps.sh check $(if $(filter glibc%,$(VARIANT)),,static)

# make circles: no file of the suite needs one that needs it back, directly
# or around a loop, and no folder either (an include or a call between the
# objects; tools/circles.py, docs/architecture.md).
circles: all
	@NM=$(CROSS_COMPILE)nm python3 tools/circles.py $(OBJDIR) lib udevsend hotplug udevd udev extras

# make size: the stripped size of each program of this variant, with the
# budgets of the klibc and dietlibc builds (and the default build's udevsend,
# static with the smallest libc present); size-check fails over budget.
# hotplug's is 14 KiB (8 KiB before it linked udevsend's code in: sending the
# event itself saves a second program start per event; tools/size.sh).
STRIP ?= $(CROSS_COMPILE)strip
# SIZE_GOALS=check: size-check (make check) holds the build to its
# profile's goals too, not only to the budgets
SIZE_GOALS ?=
size: all
	@STRIP=$(STRIP) PROFILE=$(PROFILE_NAME) sh tools/size.sh $(VARIANT) $(O) $(PROGRAMS)

# make size-report: the sizes docs/embedded.md gives, from one dated run of
# the klibc (default and helper profiles), dietlibc and default builds
# (tools/size-report.sh); test/docs.bats holds it to the code's release.
size-report:
	DOC=docs/embedded.md bash tools/size-report.sh

size-check: all
	@STRIP=$(STRIP) PROFILE=$(PROFILE_NAME) SIZE_GOALS=$(SIZE_GOALS) \
		sh tools/size.sh --check $(VARIANT) $(O) $(PROGRAMS)

# ---- hardening (docs/hardening.md) ------------------------------------------
# The whole suite under ASan+UBSan (build/glibc-san/).
# (a fresh top-level make: the tests run make themselves and parse its output)
check-sanitize:
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS $(MAKE) check SANITIZE=address,undefined \
		SECOND_PASSES="$(SECOND_PASSES)" TEST_TIMEOUT=$$(($(TEST_TIMEOUT) * 3)) TEST_JOBS=$(TEST_JOBS)

# udevd and udev under valgrind memcheck: a representative subset of the
# event-path and udev tests, every run of the daemon and of udev wrapped.
VALGRIND_TESTS ?= test/udevd-order.bats test/udevd-limits.bats test/udevd-security.bats \
	test/udev-rules.bats test/udev-event.bats test/udev-devd.bats test/harden-names.bats
check-valgrind: all
	@sh tools/install-deps.sh valgrind
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) VALGRIND_LOG=$(abspath $(O))/valgrind \
		BATS_TEST_TIMEOUT=$$(($(TEST_TIMEOUT) * 3)) RUN_BATS_JOBS=$(TEST_JOBS) \
		tools/valgrind-check.sh $(VALGRIND_TESTS)

# The heavy runs, kept out of make check: a 2,000-event storm with udevd
# SIGKILLed, 10,000 concurrent udevsends, 100,000 garbage datagrams, 2,000
# helpers that read their ack late, STRESS_FLOOD_SECONDS of garbage from
# nobody (each test's timeout is at least that and two minutes more).
STRESS_FLOOD_SECONDS ?= 300
check-stress: deps all
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) STRESS_FLOOD_SECONDS=$(STRESS_FLOOD_SECONDS) \
		BATS_TEST_TIMEOUT=$$(( $(TEST_TIMEOUT) > $(STRESS_FLOOD_SECONDS) + 120 ? \
			$(TEST_TIMEOUT) : $(STRESS_FLOOD_SECONDS) + 120 )) \
		tools/run-bats.sh test/stress/

# Static analysis: cppcheck and clang-tidy, clean or suppressed with a reason
# (tools/lint-suppressions.txt, NOLINT comments): docs/hardening.md lists them.
LINT_SRCS = $(wildcard lib/*.c udev/*.c udev/*/*.c udevd/*.c udevd/*/*.c udevsend/*.c hotplug/*.c \
	extras/*.c)
lint:
	@sh tools/install-deps.sh lint
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability,performance \
		--std=c99 --inline-suppr --suppressions-list=tools/lint-suppressions.txt \
		-D__GNUC__ -D_GNU_SOURCE -DVERSION='"$(VERSION)"' -Ilib -include lib/multicall.h \
		$(LINT_SRCS)
	clang-tidy --quiet --warnings-as-errors='*' $(LINT_SRCS) -- $(ALL_CPPFLAGS) \
		-include lib/multicall.h -std=gnu99

# ---- installation (legacy layout) ------------------------------------------
# make install DESTDIR=... prefix=...: /sbin and /usr/bin programs, the etc/ tree
# (an edited file is never overwritten: the new one goes beside it as *.dist),
# the udevsend link in /etc/hotplug.d, /etc/dev.d, the man pages and the docs
# they cite. Only the programs in PROGRAMS are installed, so a partial tree
# installs what it has; the links to the multi-call udev stay relative links.
# The install variables (prefix, sbindir, bindir, sysconfdir, mandir, docdir;
# defined at the top) are compiled in: the programs look where they were put.
# A /sbin/hotplug that is not ours is kept as hotplug.orig, and uninstall
# puts it back; uninstall also removes the folders install made, once empty.
SBIN_PROGRAMS   := udevsend udevd udev udevstart udevcontrol udevsettle hotplug \
	udevtrigger vol_id disk_id udevadm
USRBIN_PROGRAMS := udevinfo udevtest udevmonitor
# helpers that rules RUN, where udev keeps them since 2006
LIBUDEV_PROGRAMS := firmware
ETC_SRC  ?= etc
INSTALL  ?= install
# (not those of the programs a profile left out)
MANPAGES := $(filter-out $(patsubst %,docs/%.8,$(LEFT_OUT_PROGRAMS)),$(wildcard docs/*.8))
DOCS     := $(wildcard docs/*.md) RELEASE-NOTES
# the performance log that performance.md links to, in its own folder
PERF_LOG := $(wildcard docs/perf-log/*.md)
D_SBIN   := $(DESTDIR)$(sbindir)
D_BIN    := $(DESTDIR)$(bindir)
D_ETC    := $(DESTDIR)$(sysconfdir)
D_LIBUDEV := $(DESTDIR)$(libudevdir)
HOTPLUG_LINK := $(D_ETC)/hotplug.d/default/10-udev.hotplug
INSTALL_DIRS := $(D_SBIN) $(D_BIN) $(D_LIBUDEV) $(DESTDIR)$(mandir)/man8 $(DESTDIR)$(docdir) \
	$(if $(PERF_LOG),$(DESTDIR)$(docdir)/perf-log) \
	$(D_ETC)/hotplug.d/default $(D_ETC)/dev.d/default $(D_ETC)/udev
# A program of ours carries this mark (lib/opts.c, --version).
OUR_MARK := udev-legacy
# What install made (the folders, and each etc/ file's checksum as installed):
# upgrades replace only untouched files, uninstall removes only those and the
# folders it made (tools/install-etc.sh).
MANIFEST    := $(DESTDIR)$(docdir)/install-manifest
INSTALL_ETC := DESTDIR="$(DESTDIR)" MANIFEST="$(MANIFEST)" sh tools/install-etc.sh

# make install-strip (or INSTALL_STRIP=1): the programs installed stripped,
# with $(STRIP) (CROSS_COMPILE's for a cross build), as make size measures
# them; the build folder keeps them with their debugging information.
INSTALL_STRIP ?=
STRIP_PROGRAM = $(STRIP) --strip-all -R .comment

# $(call install_files,FILES,FOLDER): each file 0644 into FOLDER, an
# INSTALL line each, as the programs' (nothing when FILES is empty)
install_files = $(if $(1),$(foreach f,$(1),echo "  INSTALL $(2)/$(notdir $(f))";) \
	$(INSTALL) -m 644 $(1) $(2)/,:)

install-strip:
	@$(MAKE) --no-print-directory install INSTALL_STRIP=1

install: all
	$(Q)$(INSTALL_ETC) mkdirs $(INSTALL_DIRS)
	$(Q)h=$(D_SBIN)/hotplug; \
	if [ -n "$(filter hotplug,$(PROGRAMS))" ] && { [ -e $$h ] || [ -L $$h ]; } && \
	   ! grep -qa "$(OUR_MARK)" $$h && [ ! -e $$h.orig ]; then \
		echo "  KEEP    $$h as $$h.orig (it is not udev-legacy's; make uninstall restores it)"; \
		mv $$h $$h.orig; fi
	$(Q)for p in $(filter $(SBIN_PROGRAMS),$(filter-out $(LINKED_PROGRAMS),$(PROGRAMS))); do \
		echo "  INSTALL $(D_SBIN)/$$p$(if $(INSTALL_STRIP), (stripped))"; \
		$(INSTALL) -m 755 $(O)/$$p $(D_SBIN)/$$p || exit 1; \
		$(if $(INSTALL_STRIP),$(STRIP_PROGRAM) $(D_SBIN)/$$p || exit 1;) done
	$(Q)for p in $(filter $(USRBIN_PROGRAMS),$(filter-out $(LINKED_PROGRAMS),$(PROGRAMS))); do \
		echo "  INSTALL $(D_BIN)/$$p$(if $(INSTALL_STRIP), (stripped))"; \
		$(INSTALL) -m 755 $(O)/$$p $(D_BIN)/$$p || exit 1; \
		$(if $(INSTALL_STRIP),$(STRIP_PROGRAM) $(D_BIN)/$$p || exit 1;) done
	$(Q)rel=$$(realpath -m -s --relative-to=$(libudevdir) $(sbindir)); \
	for p in $(filter $(LIBUDEV_PROGRAMS),$(PROGRAMS)); do \
		echo "  LN      $(D_LIBUDEV)/$$p -> $$rel/$$(readlink $(O)/$$p)"; \
		ln -sfn $$rel/$$(readlink $(O)/$$p) $(D_LIBUDEV)/$$p || exit 1; done
	$(Q)for p in $(filter udev-extras,$(PROGRAMS)); do \
		echo "  INSTALL $(D_LIBUDEV)/$$p$(if $(INSTALL_STRIP), (stripped))"; \
		$(INSTALL) -m 755 $(O)/$$p $(D_LIBUDEV)/$$p || exit 1; \
		$(if $(INSTALL_STRIP),$(STRIP_PROGRAM) $(D_LIBUDEV)/$$p || exit 1;) done
	$(Q)for p in $(filter $(EXTRAS_NAMES),$(PROGRAMS)); do \
		echo "  LN      $(D_LIBUDEV)/$$p -> udev-extras"; \
		ln -sfn udev-extras $(D_LIBUDEV)/$$p || exit 1; done
	$(Q)for p in $(filter $(SBIN_PROGRAMS),$(LINKED_PROGRAMS)); do \
		echo "  LN      $(D_SBIN)/$$p"; \
		ln -sfn $$(readlink $(O)/$$p) $(D_SBIN)/$$p || exit 1; done
	$(Q)rel=$$(realpath -m -s --relative-to=$(bindir) $(sbindir)); \
	for p in $(filter $(USRBIN_PROGRAMS),$(LINKED_PROGRAMS)); do \
		echo "  LN      $(D_BIN)/$$p -> $$rel/$$(readlink $(O)/$$p)"; \
		ln -sfn $$rel/$$(readlink $(O)/$$p) $(D_BIN)/$$p || exit 1; done
	$(Q)ETC_SKIP="$(ETC_SKIP)" $(INSTALL_ETC) install $(ETC_SRC) $(D_ETC) $(sysconfdir) $(sbindir) $(libudevdir)
	$(Q)echo "  LN      $(HOTPLUG_LINK) -> $(sbindir)/udevsend"; ln -sfn $(sbindir)/udevsend $(HOTPLUG_LINK)
	$(Q)$(call install_files,$(MANPAGES),$(DESTDIR)$(mandir)/man8)
	$(Q)$(call install_files,$(DOCS),$(DESTDIR)$(docdir))
	$(Q)$(call install_files,$(PERF_LOG),$(DESTDIR)$(docdir)/perf-log)

uninstall:
	$(Q)for f in $(addprefix $(D_SBIN)/,$(SBIN_PROGRAMS)) \
		$(addprefix $(D_BIN)/,$(USRBIN_PROGRAMS)) \
		$(addprefix $(D_LIBUDEV)/,$(LIBUDEV_PROGRAMS) udev-extras $(EXTRAS_NAMES)) $(HOTPLUG_LINK) \
		$(addprefix $(DESTDIR)$(mandir)/man8/,$(notdir $(MANPAGES))) \
		$(addprefix $(DESTDIR)$(docdir)/,$(notdir $(DOCS))) \
		$(addprefix $(DESTDIR)$(docdir)/perf-log/,$(notdir $(PERF_LOG))); do \
		if [ -e "$$f" ] || [ -L "$$f" ]; then echo "  RM      $$f"; rm -f "$$f" || exit 1; fi; done
	$(Q)h=$(D_SBIN)/hotplug; if [ -e $$h.orig ] || [ -L $$h.orig ]; then \
		echo "  RESTORE $$h from $$h.orig"; mv $$h.orig $$h; fi
	$(Q)ETC_SKIP="$(ETC_SKIP)" $(INSTALL_ETC) uninstall $(ETC_SRC) $(D_ETC) $(sysconfdir) $(sbindir) $(libudevdir)
	$(Q)$(INSTALL_ETC) rmdirs $(INSTALL_DIRS)

print-programs:
	@echo $(PROGRAMS)

print-outdir:
	@echo $(O)

print-helper-libc:
	@echo $(if $(HELPER_BINS),$(HELPER_LIBC),system)

print-left-out:
	@echo $(LEFT_OUT)

print-version:
	@echo $(VERSION)

# ---- the first run ---------------------------------------------------------
# make demo: installs its build dependencies, builds, and replays an "add" for
# every device of this machine through the real event path, in a sandbox.
demo:
	bash tools/demo.sh

# make help: the targets a person runs and the variables packagers set
help:
	@printf '%s\n' \
	'Targets:' \
	'  all (default)   build the programs into build/VARIANT/' \
	'  install         install the legacy layout, links, etc/ files, man pages' \
	'  install-strip   the same, programs stripped' \
	'  uninstall       remove what install installed and you did not change' \
	'  check           build and run the test suite' \
	'  check-uevents   the netlink tests that make the kernel emit uevents' \
	'  demo            replay an add for every device of this machine, in a sandbox' \
	'  size            stripped size of each program, with budgets' \
	'  size-report     the sizes of docs/embedded.md, from one dated run' \
	'  bench           what one event costs, against the peers' \
	'  lint            cppcheck and shellcheck' \
	'  check-cross     the ARM build through one event under qemu-user' \
	'  check-kernel    boot the suite on a small kernel in qemu' \
	'  clean           remove build/' \
	'Variables:' \
	'  DESTDIR prefix sbindir bindir sysconfdir mandir docdir   where install puts files' \
	'  CC CFLAGS CPPFLAGS LDFLAGS   after the suite'"'"'s own flags (dpkg-buildflags)' \
	'  USE_KLIBC=true USE_DIETLIBC=true STATIC=true CROSS_COMPILE=TRIPLE-   the build' \
	'  HELPER_LIBC=auto|system|diet|klibc|musl   the libc of udevsend and hotplug' \
	'  PROFILE=default|helper WITHOUT=FEATURE,...   what a firmware build leaves out' \
	'  TEST_JOBS=N   bats runs side by side in make check (default 2; 1: one at a time)' \
	'  V=1   show the commands'

clean:
	rm -rf build

.PHONY: FORCE all help check check-suite check-uevents circles deps size size-check size-report clean install install-strip uninstall print-programs print-outdir print-helper-libc print-left-out print-version demo \
	fuzz fuzz-bins fuzz-check fuzz-run check-sanitize check-valgrind check-stress lint

# ---- cross build proof -------------------------------------------------------
# make check-cross: the suite built statically with Debian's cross glibc for
# 32-bit ARM (CROSS_TRIPLE) and one acknowledged event taken through udevsend,
# udevd and udev under qemu-user (each binary run by $(QEMU_USER) itself: no
# binfmt registration needed). About half a minute.
CROSS_TRIPLE ?= arm-linux-gnueabihf
QEMU_USER    ?= qemu-arm-static
check-cross:
	@sh tools/install-deps.sh cross
	$(MAKE) CROSS_COMPILE=$(CROSS_TRIPLE)- STATIC=true all
	CROSS_BIN=$(abspath build/$(CROSS_TRIPLE)-glibc-static) QEMU_USER=$(QEMU_USER) \
		tools/run-bats.sh test/cross.bats

.PHONY: check-cross

# ---- proof on a real kernel (test/kernel/) ---------------------------------
# make check-kernel: builds (or reuses from KERNEL_CACHE) a small Linux 6.1 from
# Debian's linux-source-6.1, boots the statically built suite in qemu (TCG) and runs
# the storm scenarios: counting boot, /sbin/hotplug, /sbin/udevsend, udevd autostart
# and kill; then firmware loading through test_firmware. make bench-kernel: the timing boots and the kernel timing section of docs/performance.md.
# LUNS=, TIME_LUNS=, TIME_HELPERS=, TIME_PROBE=, TIME_RULES=, SUITE_MAKE= are passed on from the environment.
check-kernel:
	bash test/kernel/run.sh

# (a 1,024-LUN storm through /sbin/hotplug takes half an hour under TCG)
bench-kernel:
	BOOT_TIMEOUT=$${BOOT_TIMEOUT:-5400} KPROOF_BUDGET=$${KPROOF_BUDGET:-21600} \
		bash test/kernel/run.sh time

.PHONY: check-kernel bench-kernel

# SPDX-License-Identifier: GPL-2.0-only
# One flat Makefile for the whole suite. Outputs go to build/<variant>/ so that
# glibc, klibc, dietlibc and musl builds never mix:
#   make                      system libc          -> build/glibc/
#   make USE_KLIBC=true       static, klcc         -> build/klibc/
#   make USE_DIETLIBC=true    static, diet         -> build/diet/
#   make CC=musl-gcc STATIC=true                   -> build/musl/
# Also: V=1, CROSS_COMPILE=, DESTDIR=, prefix=, SANITIZE=address,undefined.
# With any of them: make size (stripped sizes and budgets), make check (budgets,
# then the bats suite against that build); make bench-static compares them all.

VERSION      := 001
prefix       ?=
DESTDIR      ?=
V            ?= 0
CROSS_COMPILE ?=
USE_KLIBC    ?= false
USE_DIETLIBC ?= false
STATIC       ?= false
SANITIZE     ?=
EXTRA_CFLAGS ?=
VARIANT_CPPFLAGS ?=
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
  VARIANT := diet
  MAKE_VARIANT := USE_DIETLIBC=true
  # dietlibc's libc.a marks stdio, printf and scanf with link-time notes on
  # "bloat"; make size is where size is judged, so those two-line notes are
  # dropped here (and only those: the link's status is kept).
  LINK_NOTES = 2>$@.ld; r=$$?; sed -e '/: in function .*:$$/{N;/bloat/d;}' $@.ld >&2; \
	rm -f $@.ld; exit $$r
  LDSTATIC := -static
else ifneq ($(filter musl-gcc%,$(CC)),)
  VARIANT := musl
  MAKE_VARIANT := CC=$(CC) STATIC=$(STATIC)
  # Debian's musl-gcc sees no kernel headers (linux/netlink.h): the system's
  # come after musl's own, so that only what musl lacks is taken from there
  MUSL_KHDR := $(shell gcc -print-multiarch 2>/dev/null)
  VARIANT_CPPFLAGS := -idirafter /usr/include $(if $(MUSL_KHDR),-idirafter /usr/include/$(MUSL_KHDR),)
  LDSTATIC := $(if $(filter true,$(STATIC)),-static,)
else
  CC      := $(CROSS_COMPILE)gcc
  VARIANT := glibc$(if $(SANITIZE),-san,)
  MAKE_VARIANT := STATIC=$(STATIC) $(if $(SANITIZE),SANITIZE=$(SANITIZE),)
  LDSTATIC := $(if $(filter true,$(STATIC)),-static,)
endif

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
endif

AR       := $(CROSS_COMPILE)ar
O        := build/$(VARIANT)
CPPFLAGS := -Ilib -DVERSION='"$(VERSION)"' $(VARIANT_CPPFLAGS)
CFLAGS   := $(OPTFLAGS) $(WARNINGS) -std=gnu99 $(EXTRA_CFLAGS)
LDFLAGS  := $(LDSTATIC) $(LDGC) $(if $(SANITIZE),-fsanitize=$(SANITIZE),)

ifeq ($(V),1)
  Q :=
else
  Q := @
endif

.DELETE_ON_ERROR:
.SECONDEXPANSION:

# ---- programs and their objects ------------------------------------------
# Each area adds its programs and one object list per program; a program in
# LINKED_PROGRAMS is a symbolic link to a multi-call binary instead.
PROGRAMS :=
LINKED_PROGRAMS :=

# -- event path: udevsend, udevd and its control clients (udevsend/, udevd/)
PROGRAMS += udevsend udevd udevcontrol udevsettle
udevsend_OBJS    := udevsend/udevsend.o
udevd_OBJS       := udevd/udevd.o udevd/queue.o udevd/claims.o udevd/runner.o \
	udevd/pool.o udevd/netlink.o udevd/dedup.o udevd/monitor.o udevd/rescan.o \
	udevd/devseq.o
udevcontrol_OBJS := udevd/udevcontrol.o udevd/ctl.o
udevsettle_OBJS  := udevd/udevsettle.o udevd/ctl.o

# -- device manager and its tools (udev/)
# Four programs over one core (rules, nodes, database, dev.d).
UDEV_CORE_OBJS := udev/env.o udev/exec.o udev/glob.o udev/rules_parse.o \
	udev/rules_apply.o udev/subst.o udev/db.o udev/node.o udev/walk.o udev/perms.o \
	udev/netif.o udev/devd.o udev/event.o udev/links.o
# One multi-call binary (udev/multicall.c): udevstart, udevinfo and udevtest
# are links to udev and share its core; their main() is renamed per program.
PROGRAMS += udev udevstart udevinfo udevtest
LINKED_PROGRAMS += udevstart udevinfo udevtest
udev_OBJS := udev/multicall.o udev/udev.main.o udev/worker.o udev/udevstart.main.o \
	udev/udevinfo.main.o udev/udevtest.main.o $(UDEV_CORE_OBJS)

# -- the firmware loader, run by a default rule (udev/firmware.c)
PROGRAMS += firmware
firmware_OBJS := udev/firmware.o

# -- hotplug multiplexer (hotplug/)
PROGRAMS += hotplug
hotplug_OBJS := hotplug/hotplug.o hotplug/filter.o

# -- netlink tools: kernel event replay and the event monitor (udevd/)
PROGRAMS += udevtrigger udevmonitor
udevtrigger_OBJS := udevd/udevtrigger.o udevd/ctl.o
udevmonitor_OBJS := udevd/udevmonitor.o udevd/ctl.o

# -- persistent storage names: the superblock and disk id helpers (extras/)
PROGRAMS += vol_id disk_id
vol_id_OBJS  := extras/vol_id.o extras/volume.o extras/volume_fs.o
disk_id_OBJS := extras/disk_id.o

# ---- shared library -------------------------------------------------------
LIB_OBJS := lib/compat.o lib/fmt.o lib/log.o lib/fd.o lib/str.o
LIB_OBJS += lib/msg.o lib/uevent.o lib/loop.o
LIB_OBJS += lib/conf.o lib/sysfs.o lib/path.o lib/user.o lib/coldplug.o lib/proc.o
LIB_OBJS += lib/enc.o

# Objects live apart from the binaries: program "udevd" is built from udevd/udevd.c.
OBJDIR := $(O)/obj
LIB := $(OBJDIR)/lib/libudev-legacy.a

# ---- rules -----------------------------------------------------------------
BINS := $(addprefix $(O)/,$(filter-out $(LINKED_PROGRAMS),$(PROGRAMS)))
LINKS := $(addprefix $(O)/,$(filter $(LINKED_PROGRAMS),$(PROGRAMS)))

all: $(BINS) $(LINKS)

$(OBJDIR)/%.o: %.c $(wildcard lib/*.h) $$(wildcard $$(dir $$*)*.h) Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# A program's main() inside the multi-call binary: udev/udevinfo.c gives
# udevinfo_main() in udev/udevinfo.main.o.
$(OBJDIR)/%.main.o: %.c $(wildcard lib/*.h) $$(wildcard $$(dir $$*)*.h) Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -include $(dir $<)multicall.h \
		-Dmain=$(notdir $*)_main -c -o $@ $<

$(LIB): $(addprefix $(OBJDIR)/,$(LIB_OBJS))
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  AR      $@"
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(BINS): $(O)/%: $$(addprefix $(OBJDIR)/,$$($$*_OBJS)) $(LIB)
	@[ "$(V)" = 1 ] || echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIB) $(LINK_NOTES)

$(LINKS): $(O)/udev
	@[ "$(V)" = 1 ] || echo "  LN      $@"
	$(Q)ln -sfn udev $@

# ---- fuzzing (test/fuzz/, docs/hardening.md) --------------------------------
# One harness per parser. Built with a small replay main (driver.c) they run
# over their committed corpora in `make check`; `make fuzz` builds them with
# clang's libFuzzer + ASan/UBSan into build/fuzz/ and runs each FUZZ_SECONDS.
FUZZERS := msg conf rules subst db hotplug volume
fuzz-msg_OBJS     :=
fuzz-conf_OBJS    :=
fuzz-rules_OBJS   := $(UDEV_CORE_OBJS)
fuzz-subst_OBJS   := $(UDEV_CORE_OBJS)
fuzz-db_OBJS      := $(UDEV_CORE_OBJS)
fuzz-hotplug_OBJS := hotplug/filter.o
fuzz-volume_OBJS  := extras/volume.o extras/volume_fs.o
FUZZ_MAIN    ?= driver
FUZZ_SECONDS ?= 60
FUZZ_BINS    := $(addprefix $(O)/fuzz/fuzz-,$(FUZZERS))
ifeq ($(FUZZ_MAIN),libfuzzer)
  CFLAGS += -fsanitize=fuzzer-no-link
  FUZZ_LDFLAGS := -fsanitize=fuzzer
  FUZZ_DRIVER :=
else
  FUZZ_LDFLAGS :=
  FUZZ_DRIVER := $(OBJDIR)/test/fuzz/driver.o
endif

$(OBJDIR)/test/fuzz/%.o: CPPFLAGS += -Iudev -Ihotplug -Iextras -Itest/fuzz

$(O)/fuzz/fuzz-%: $(OBJDIR)/test/fuzz/fuzz-%.o $(OBJDIR)/test/fuzz/fuzz.o $(FUZZ_DRIVER) \
		$$(addprefix $(OBJDIR)/,$$(fuzz-$$*_OBJS)) $(LIB)
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) $(FUZZ_LDFLAGS) -o $@ $(filter %.o,$^) $(LIB)

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
# The storm driver, the fake sysfs writer and two static no-op helpers: the
# floor (no libc) and one with the build's libc. Not installed. `make bench`
# runs the storms; see docs/performance.md.
BENCH_N    ?= 512 1024
BENCH_REPS ?= 5
BENCH_OUT  ?= build/bench
BENCH_BINS := $(O)/bench/storm $(O)/bench/fakesys $(O)/bench/noop-nolibc \
	      $(O)/bench/noop
# The driver, the tree writer and the floor run on the build machine in every
# variant (they need posix_spawn and nftw): built with HOSTCC. The static
# no-op with a libc uses the variant's, to show what its start-up costs.
HOSTCC     ?= gcc

$(O)/bench/storm $(O)/bench/fakesys: $(O)/bench/%: bench/%.c lib/compat.h Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  HOSTCC  $@"
	$(Q)$(HOSTCC) -Ilib -O2 -g $(WARNINGS) -std=gnu99 -o $@ $<

$(O)/bench/noop-nolibc: bench/noop-nolibc.c Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  HOSTCC  $@ (static, no libc)"
	$(Q)$(HOSTCC) -Os $(WARNINGS) -static -nostdlib -fno-stack-protector -o $@ $<

# Static: no dynamic loader, the cheapest a libc helper gets, as udevsend aims to be.
$(O)/bench/noop: bench/noop.c Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CCLD    $@ (static)"
	$(Q)$(CC) $(filter-out -fsanitize=%,$(CFLAGS)) -static -o $@ $<

all: $(BENCH_BINS)
check: $(BENCH_BINS)

# Installs busybox-static and gnuplot when missing, then runs the storms.
bench: all
	@sh tools/install-deps.sh bench
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
	$(MAKE) -s USE_KLIBC=false USE_DIETLIBC=false CC=$(HOSTCC) STATIC=false \
		all build/glibc/bench/spawn-cost
	$(MAKE) -s USE_KLIBC=true USE_DIETLIBC=false all
	$(MAKE) -s USE_KLIBC=false USE_DIETLIBC=true all
	$(if $(shell command -v musl-gcc),$(MAKE) -s USE_KLIBC=false USE_DIETLIBC=false CC=musl-gcc STATIC=true all,)
	BENCH_TOOLS=$(abspath build/glibc/bench) bench/spawn-cost.sh

# make bench-late: a storm with one starved helper, without and with the
# kernel's seqnum counter: how long udevd holds the gap (bench/run-late).
LATE_N      ?= 512
LATE_DELAYS ?= 1 3 6
bench-late: all
	BIN=$(abspath $(O)) LATE_N="$(LATE_N)" LATE_DELAYS="$(LATE_DELAYS)" bench/run-late

.PHONY: bench bench-static bench-late

# ---- tests -----------------------------------------------------------------
# make check installs what the tests need when it is missing (as root), builds,
# and runs the bats suite against this variant's binaries; the tests that go
# through udevd run a second time with udevd in its other mode (fork), and
# the udev tests of events, dev.d and RUN a second time through `udev --worker`
# (UDEV_VIA_WORKER=1 runs any udev-*.bats that way).
SECOND_MODE_TESTS := $(wildcard test/udevd-*.bats test/udev-eventpath.bats)
WORKER_PASS_TESTS := $(wildcard test/udev-event.bats test/udev-devd.bats test/udev-net.bats)
# The firmware builds must also stay within their size budgets (tools/size.sh).
# The fuzz harnesses' corpus replay is a host tool (it uses nftw): it runs
# with the system libc builds, the parsers it feeds are the same code.
check: deps all size-check $(if $(filter glibc%,$(VARIANT)),fuzz-check,)
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) MAKE_VARIANT="$(MAKE_VARIANT)" \
		tools/run-bats.sh test/ \
		--pass UDEVD_WORKERS=fork $(SECOND_MODE_TESTS) \
		--pass UDEV_VIA_WORKER=1 $(WORKER_PASS_TESTS)

deps:
	@sh tools/install-deps.sh check $(if $(filter glibc%,$(VARIANT)),,static)

# make size: the stripped size of each program of this variant, with the
# budgets of the klibc and dietlibc builds; size-check fails over budget.
STRIP ?= $(CROSS_COMPILE)strip
size: all
	@STRIP=$(STRIP) sh tools/size.sh $(VARIANT) $(O) $(PROGRAMS)

size-check: all
	@STRIP=$(STRIP) sh tools/size.sh --check $(VARIANT) $(O) $(PROGRAMS)

# ---- hardening (docs/hardening.md) ------------------------------------------
# The whole suite under ASan+UBSan (build/glibc-san/).
# (a fresh top-level make: the tests run make themselves and parse its output)
check-sanitize:
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS $(MAKE) check SANITIZE=address,undefined

# udevd and udev under valgrind memcheck: a representative subset of the
# event-path and udev tests, every run of the daemon and of udev wrapped.
VALGRIND_TESTS ?= test/udevd-order.bats test/udevd-limits.bats test/udevd-security.bats \
	test/udev-rules.bats test/udev-event.bats test/udev-devd.bats test/harden-names.bats
check-valgrind: all
	@sh tools/install-deps.sh valgrind
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) VALGRIND_LOG=$(abspath $(O))/valgrind \
		tools/valgrind-check.sh $(VALGRIND_TESTS)

# The heavy runs, kept out of make check: a 2,000-event storm with udevd
# SIGKILLed, 10,000 concurrent udevsends, 100,000 garbage datagrams.
check-stress: deps all
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) tools/run-bats.sh test/stress/

# Static analysis: cppcheck and clang-tidy, clean or suppressed with a reason
# (tools/lint-suppressions.txt, NOLINT comments): docs/hardening.md lists them.
LINT_SRCS = $(filter-out test/%,$(wildcard lib/*.c udev/*.c udevd/*.c udevsend/*.c hotplug/*.c extras/*.c))
lint:
	@sh tools/install-deps.sh lint
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability,performance \
		--std=c99 --inline-suppr --suppressions-list=tools/lint-suppressions.txt \
		-D__GNUC__ -D_GNU_SOURCE -DVERSION='"$(VERSION)"' -Ilib -Iudev -Iudevd -Ihotplug \
		$(LINT_SRCS)
	clang-tidy --quiet --warnings-as-errors='*' $(LINT_SRCS) -- $(CPPFLAGS) \
		-Iudev -Iudevd -Ihotplug -std=gnu99

# ---- installation (legacy layout) ------------------------------------------
# make install DESTDIR=... prefix=...: /sbin and /usr/bin programs, the etc/ tree
# (an edited file is never overwritten: the new one goes beside it as *.dist),
# the udevsend link in /etc/hotplug.d, /etc/dev.d and the man pages. Only the
# programs in PROGRAMS are installed, so a partial tree installs what it has;
# the links to the multi-call udev stay (relative) links.
SBIN_PROGRAMS   := udevsend udevd udev udevstart udevcontrol udevsettle hotplug \
	udevtrigger vol_id disk_id
USRBIN_PROGRAMS := udevinfo udevtest udevmonitor
# helpers that rules RUN, where udev keeps them since 2006
LIBUDEV_PROGRAMS := firmware
ETC_SRC  ?= etc
INSTALL  ?= install
ROOT     := $(DESTDIR)$(prefix)
sbindir  := $(ROOT)/sbin
usrbindir := $(ROOT)/usr/bin
libudevdir := $(ROOT)/lib/udev
etcdir   := $(ROOT)/etc
mandir   := $(ROOT)/usr/share/man
MANPAGES := $(wildcard docs/*.8)
HOTPLUG_LINK := $(etcdir)/hotplug.d/default/10-udev.hotplug

install: all
	$(INSTALL) -d $(sbindir) $(usrbindir) $(libudevdir) $(mandir)/man8 \
		$(etcdir)/hotplug.d/default $(etcdir)/dev.d/default
	$(Q)for p in $(filter $(SBIN_PROGRAMS),$(filter-out $(LINKED_PROGRAMS),$(PROGRAMS))); do \
		echo "  INSTALL $(sbindir)/$$p"; \
		$(INSTALL) -m 755 $(O)/$$p $(sbindir)/$$p || exit 1; done
	$(Q)for p in $(filter $(USRBIN_PROGRAMS),$(filter-out $(LINKED_PROGRAMS),$(PROGRAMS))); do \
		echo "  INSTALL $(usrbindir)/$$p"; \
		$(INSTALL) -m 755 $(O)/$$p $(usrbindir)/$$p || exit 1; done
	$(Q)for p in $(filter $(LIBUDEV_PROGRAMS),$(PROGRAMS)); do \
		echo "  INSTALL $(libudevdir)/$$p"; \
		$(INSTALL) -m 755 $(O)/$$p $(libudevdir)/$$p || exit 1; done
	$(Q)for p in $(filter $(SBIN_PROGRAMS),$(LINKED_PROGRAMS)); do \
		echo "  LN      $(sbindir)/$$p"; \
		ln -sfn $$(readlink $(O)/$$p) $(sbindir)/$$p || exit 1; done
	$(Q)for p in $(filter $(USRBIN_PROGRAMS),$(LINKED_PROGRAMS)); do \
		echo "  LN      $(usrbindir)/$$p"; \
		ln -sfn ../../sbin/$$(readlink $(O)/$$p) $(usrbindir)/$$p || exit 1; done
	$(Q)sh tools/install-etc.sh install $(ETC_SRC) $(etcdir)
	ln -sfn $(prefix)/sbin/udevsend $(HOTPLUG_LINK)
	$(if $(MANPAGES),$(INSTALL) -m 644 $(MANPAGES) $(mandir)/man8/)

uninstall:
	rm -f $(addprefix $(sbindir)/,$(SBIN_PROGRAMS)) \
		$(addprefix $(usrbindir)/,$(USRBIN_PROGRAMS)) \
		$(addprefix $(libudevdir)/,$(LIBUDEV_PROGRAMS)) $(HOTPLUG_LINK) \
		$(addprefix $(mandir)/man8/,$(notdir $(MANPAGES)))
	$(Q)sh tools/install-etc.sh uninstall $(ETC_SRC) $(etcdir)
	$(Q)for d in hotplug.d/default hotplug.d dev.d/default dev.d; do \
		rmdir $(etcdir)/$$d 2>/dev/null || :; done
	$(Q)rmdir $(libudevdir) 2>/dev/null || :

print-programs:
	@echo $(PROGRAMS)

# ---- the first run ---------------------------------------------------------
# make demo: installs its build dependencies, builds, and replays an "add" for
# every device of this machine through the real event path, in a sandbox.
demo:
	bash tools/demo.sh

clean:
	rm -rf build

.PHONY: all check deps size size-check clean install uninstall print-programs demo \
	fuzz fuzz-bins fuzz-check fuzz-run check-sanitize check-valgrind check-stress lint

# ---- proof on a real kernel (test/kernel/) ---------------------------------
# make check-kernel: builds (or reuses from KERNEL_CACHE) a small Linux 6.1 from
# Debian's linux-source-6.1, boots the statically built suite in qemu (TCG) and runs
# the storm scenarios: counting boot, /sbin/hotplug, /sbin/udevsend, udevd autostart
# and kill; then firmware loading through test_firmware. make bench-kernel: the timing boots and the kernel timing section of docs/performance.md.
# LUNS=, TIME_LUNS=, TIME_HELPERS=, SUITE_MAKE= are passed on from the environment.
check-kernel:
	bash test/kernel/run.sh

# (a 1,024-LUN storm through /sbin/hotplug takes half an hour under TCG)
bench-kernel:
	BOOT_TIMEOUT=$${BOOT_TIMEOUT:-5400} KPROOF_BUDGET=$${KPROOF_BUDGET:-21600} \
		bash test/kernel/run.sh time

.PHONY: check-kernel bench-kernel

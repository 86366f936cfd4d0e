# SPDX-License-Identifier: GPL-2.0-only
# One flat Makefile for the whole suite. Outputs go to build/<variant>/ so that
# glibc, klibc, dietlibc and musl builds never mix:
#   make                      system libc          -> build/glibc/
#   make USE_KLIBC=true       static, klcc         -> build/klibc/
#   make USE_DIETLIBC=true    static, diet         -> build/diet/
#   make CC=musl-gcc STATIC=true                   -> build/musl/
# Also: V=1, CROSS_COMPILE=, DESTDIR=, prefix=, SANITIZE=address,undefined.

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

WARNINGS := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
	    -Wpointer-arith -Wformat=2
OPTFLAGS := -Os -g

ifeq ($(USE_KLIBC),true)
  CC      := klcc
  VARIANT := klibc
  LDSTATIC := -static
else ifeq ($(USE_DIETLIBC),true)
  CC      := diet $(CROSS_COMPILE)gcc
  VARIANT := diet
  LDSTATIC := -static
else ifneq ($(filter musl-gcc%,$(CC)),)
  VARIANT := musl
  LDSTATIC := $(if $(filter true,$(STATIC)),-static,)
else
  CC      := $(CROSS_COMPILE)gcc
  VARIANT := glibc$(if $(SANITIZE),-san,)
  LDSTATIC := $(if $(filter true,$(STATIC)),-static,)
endif

ifneq ($(SANITIZE),)
  OPTFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=$(SANITIZE) -fno-sanitize-recover=all
  LDSTATIC :=
endif

AR       := $(CROSS_COMPILE)ar
O        := build/$(VARIANT)
CPPFLAGS := -Ilib -DVERSION='"$(VERSION)"'
CFLAGS   := $(OPTFLAGS) $(WARNINGS) -std=gnu99 $(EXTRA_CFLAGS)
LDFLAGS  := $(LDSTATIC) $(if $(SANITIZE),-fsanitize=$(SANITIZE),)

ifeq ($(V),1)
  Q :=
else
  Q := @
endif

.DELETE_ON_ERROR:
.SECONDEXPANSION:

# ---- programs and their objects ------------------------------------------
# Each area adds its programs and one object list per program.
PROGRAMS :=

# -- event path: udevsend, udevd and its control clients (udevsend/, udevd/)

# -- device manager and its tools (udev/)

# -- hotplug multiplexer (hotplug/)

# ---- shared library -------------------------------------------------------
LIB_OBJS := lib/log.o lib/fd.o lib/str.o

LIB := $(O)/lib/libudev-legacy.a

# ---- rules -----------------------------------------------------------------
BINS := $(addprefix $(O)/,$(PROGRAMS))

all: $(BINS)

$(O)/%.o: %.c $(wildcard lib/*.h) Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(LIB): $(addprefix $(O)/,$(LIB_OBJS))
	@[ "$(V)" = 1 ] || echo "  AR      $@"
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(BINS): $(O)/%: $$(addprefix $(O)/,$$($$*_OBJS)) $(LIB)
	@[ "$(V)" = 1 ] || echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIB)

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

.PHONY: bench

# ---- tests -----------------------------------------------------------------
# make check installs what the tests need when it is missing (as root), builds,
# and runs the bats suite against this variant's binaries.
check: deps all
	BIN=$(abspath $(O)) VARIANT=$(VARIANT) bats test/

deps:
	@sh tools/install-deps.sh check

clean:
	rm -rf build

.PHONY: all check deps clean

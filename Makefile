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
# Four programs over one core (rules, nodes, database, dev.d); the header
# dependency line below needs `all` to stay the default goal.
.DEFAULT_GOAL := all
UDEV_CORE_OBJS := udev/env.o udev/exec.o udev/glob.o udev/rules_parse.o \
	udev/rules_apply.o udev/subst.o udev/db.o udev/node.o udev/perms.o \
	udev/netif.o udev/devd.o udev/event.o
PROGRAMS += udev udevstart udevinfo udevtest
udev_OBJS := udev/udev.o $(UDEV_CORE_OBJS)
udevstart_OBJS := udev/udevstart.o $(UDEV_CORE_OBJS)
udevinfo_OBJS := udev/udevinfo.o $(UDEV_CORE_OBJS)
udevtest_OBJS := udev/udevtest.o $(UDEV_CORE_OBJS)
$(addprefix $(O)/obj/,$(UDEV_CORE_OBJS) $(foreach p,udev udevstart udevinfo udevtest,udev/$(p).o)): \
	$(wildcard udev/*.h)

# -- hotplug multiplexer (hotplug/)

# ---- shared library -------------------------------------------------------
LIB_OBJS := lib/log.o lib/fd.o lib/str.o lib/conf.o lib/sysfs.o lib/path.o lib/user.o

# Objects live apart from the binaries: program "udevd" is built from udevd/udevd.c.
OBJDIR := $(O)/obj
LIB := $(OBJDIR)/lib/libudev-legacy.a

# ---- rules -----------------------------------------------------------------
BINS := $(addprefix $(O)/,$(PROGRAMS))

all: $(BINS)

$(OBJDIR)/%.o: %.c $(wildcard lib/*.h) Makefile
	@mkdir -p $(dir $@)
	@[ "$(V)" = 1 ] || echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(LIB): $(addprefix $(OBJDIR)/,$(LIB_OBJS))
	@[ "$(V)" = 1 ] || echo "  AR      $@"
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(BINS): $(O)/%: $$(addprefix $(OBJDIR)/,$$($$*_OBJS)) $(LIB)
	@[ "$(V)" = 1 ] || echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIB)

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

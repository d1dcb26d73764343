# Build, test and benchmark GDB 16.3 with the managed-terminal series
# (or GDB 17.2: GDB_VERSION=17.2 with any target below).
#
#   make            install what is missing, fetch GDB 16.3, apply
#                   patches/series, build the patched gdb
#   make check      the series' unit tests and the DejaGnu tests in
#                   tests/check.list, against the patched gdb
#   make stock      the same GDB without the series, for comparisons
#   make regress    gdb.base, gdb.threads, gdb.mi, gdb.tui, gdb.python and
#                   gdb.server on both builds,
#                   compared (long: run it in the background)
#   make bench      speed and memory, patched against stock, as ratios
#   make sizes      the lines each patch and each layer adds (code,
#                   comments, blank, tests, docs)
#   make stress     stress and fault suite: cycles, typed-input fuzzing,
#                   faults; a summary (the quick form is in make check)
#   make each-patch build each step of the series and run the tests
#                   each patch brings (long; see scripts/each-patch.sh)
#   make worktree   a git tree of GDB with the series as commits
#   make export     write that tree's commits back to patches/
#   make doc        the patched manual, gdb.info and HTML, in build/doc
#                   (needs a manual: GDB_DOC, or GDB_SRC's)
#   make install    install the patched gdb and gdbserver in PREFIX
#                   (/usr/local; DESTDIR=DIR stages); make uninstall
#   make deb        a Debian package of it, built from Debian's gdb
#                   16.3-1 source package (long; see scripts/deb.sh)
#
# LAYER=NAME      the layers of the series up to NAME only (one of
#                  patches/series: 1-fixes, 2-interrupt, 3-terminal,
#                  ...), for make, make check, make worktree.
# GDB_VERSION=17.2 work on GDB 17.2 (Debian's gdb 17.2-1 source, from
#                  sid) with the series of patches/17.2/, in build-17.2/;
#                  16.3, the default, uses patches/ and build/.
# GDB_SRC=PATH     use a gdb-VERSION tarball or tree instead of Debian's
#                  source package.
# SANITIZE=1       make: build the patched gdb with ASan and UBSan in
#                  build/patched-asan and run the series' tests with it
#                  (long); make stress SANITIZE=1: stress that build.
# GDB_DOC=DIR      lay the manual sources in DIR (such as
#                  ../shared/gdb-16.3-doc) over the source's stubbed
#                  manual, so that the series' gdb/doc hunks apply; kept
#                  in build/gdb.git (tag manual) until GDB_DOC=none.

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
TOP := $(CURDIR)
GDB_VERSION ?= 16.3
export GDB_VERSION
ifeq ($(GDB_VERSION),16.3)
BUILD := $(TOP)/build
PATCHDIR := patches
else
BUILD := $(TOP)/build-$(GDB_VERSION)
PATCHDIR := patches/$(GDB_VERSION)
endif
JOBS ?= $(shell nproc)
PREFIX ?= /usr/local
# The series: patches/series names its layers (1-fixes, 2-interrupt,
# ...), each a folder with its own series file and cover letter; the
# 17.2 series may still be one folder.  LAYER=NAME builds (and checks)
# the layers up to NAME only.
LAYER ?=
export LAYER
PATCHES := $(filter-out $(PATCHDIR)/17.2/%,$(wildcard $(PATCHDIR)/*.patch \
	$(PATCHDIR)/*/*.patch $(PATCHDIR)/*/series))

# ccache, shared by every clone of the project on this machine.
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := 1

# Build gdb and gdbserver (which shares nat/fork-inferior.c), quietly.
GDB_MAKE = $(MAKE) --no-print-directory -s -C $(1) -j$(JOBS) \
	all-gdb all-gdbserver | { grep -v '^Making [a-z]* in ' || true; }

EXAMPLES := $(patsubst examples/%.c,$(BUILD)/examples/%,$(wildcard examples/*.c))

.PHONY: all patched stock check regress each-patch sizes bench stress sanitize sanitize-build examples worktree export doc install uninstall deb clean distclean FORCE

all: patched examples
	@echo "Patched gdb: $(BUILD)/patched/gdb/gdb; run it as $(TOP)/bin/gdb"

# Build and test dependencies (apt-get as root; otherwise a hint).
$(BUILD)/.deps: scripts/deps.sh
	@mkdir -p $(BUILD)
	@bash scripts/deps.sh
	@touch $@

# GDB 16.3's source, as the pristine commit of build/gdb.git.
$(BUILD)/.source: | $(BUILD)/.deps
	@bash scripts/fetch-source.sh $(BUILD)
	@touch $@

# GDB_DOC's manual, as the tag "manual" of build/gdb.git; .manual
# changes only when the tag does.
MANUAL := $(if $(GDB_DOC),$(BUILD)/.manual,$(wildcard $(BUILD)/.manual))
ifneq ($(GDB_DOC),)
$(BUILD)/.manual: $(BUILD)/.source scripts/manual.sh FORCE
	@bash scripts/manual.sh $(BUILD) $(GDB_DOC)
	@[ -f $@ ] || touch $@
endif
FORCE:

# The layer the build stops at; changes only when LAYER does.
$(BUILD)/.layer: FORCE
	@[ -z "$(LAYER)" ] || [ -f "$(PATCHDIR)/$(LAYER)/series" ] \
	  || { echo "LAYER=$(LAYER) is not a layer of $(PATCHDIR): $$(grep -v '^#' $(PATCHDIR)/series | tr '\n' ' ')" >&2; exit 1; }
	@mkdir -p $(BUILD)
	@echo "$(LAYER)" | cmp -s - $@ || echo "$(LAYER)" > $@

# build/src-patched: the source with patches/series applied.
$(BUILD)/.applied: $(BUILD)/.source $(MANUAL) $(BUILD)/.layer $(PATCHDIR)/series $(PATCHES) scripts/apply-series.sh
	@bash scripts/apply-series.sh $(BUILD) $(PATCHDIR)
	@touch $@

$(BUILD)/patched/config.status: scripts/configure.sh | $(BUILD)/.applied
	@bash scripts/configure.sh $(BUILD)/src-patched $(BUILD)/patched "GDB managed-tty series"

$(BUILD)/stock/config.status: scripts/configure.sh | $(BUILD)/.applied
	@bash scripts/configure.sh $(BUILD)/src-stock $(BUILD)/stock

# `gdb --version` names the series and its hash; see scripts/pkgversion.sh.
patched: $(BUILD)/.applied $(BUILD)/patched/config.status
	@bash scripts/pkgversion.sh stamp $(BUILD)/src-patched $(BUILD)/patched $(PATCHDIR)
	@$(call GDB_MAKE,$(BUILD)/patched)

stock: $(BUILD)/stock/config.status
	@$(call GDB_MAKE,$(BUILD)/stock)
	@echo "Stock gdb: $(BUILD)/stock/gdb/gdb; run it as $(TOP)/bin/gdb-stock"

# The programs of examples/, built with debug info.
examples: $(EXAMPLES)
$(BUILD)/examples/%: examples/%.c
	@mkdir -p $(dir $@)
	gcc -g -O0 -Wall -o $@ $< -lpthread

check: patched examples
	@bash scripts/check.sh $(BUILD)/patched

# GDB's own install of gdb and gdbserver, with a manifest for uninstall.
install: patched
	@bash scripts/install.sh install $(BUILD)/src-patched $(BUILD)/patched $(PREFIX) $(DESTDIR)

uninstall:
	@bash scripts/install.sh uninstall $(PREFIX) $(DESTDIR)

# Debian's gdb 16.3-1 with the series, as .deb files in build/deb.
deb: $(BUILD)/.source
	@[ "$(GDB_VERSION)" = 16.3 ] || { echo "make deb: only for GDB 16.3 (Debian 13's gdb 16.3-1)"; exit 1; }
	@bash scripts/deb.sh $(BUILD) $(PATCHDIR)

# The patched manual: build/doc/gdb.info and build/doc/html/.
doc: $(BUILD)/.applied
	@bash scripts/doc.sh $(BUILD)/src-patched $(BUILD)/doc

# Whole testsuite directories on both builds; see scripts/regress.sh.
regress: patched stock
	@REGRESS_BOARD=$(REGRESS_BOARD) REGRESS_NAME=$(REGRESS_NAME) bash scripts/regress.sh $(BUILD) $(REGRESS_DIRS)

# Each patch builds and passes its own tests without the ones after it;
# see scripts/each-patch.sh.
each-patch: $(BUILD)/.source $(MANUAL)
	@bash scripts/each-patch.sh $(BUILD) $(PATCHDIR)

# What the series adds, per patch and per layer; see scripts/sizes.sh.
sizes:
	@bash scripts/sizes.sh $(PATCHDIR)

# Speed and memory against stock GDB; see scripts/bench.sh.
bench: patched stock
	@bash scripts/bench.sh $(BUILD)

# Stress and faults; see scripts/stress.sh (STRESS_SEED=N replays).
ASAN_OBJ := $(BUILD)/patched-asan
stress: $(if $(SANITIZE),sanitize-build,patched)
	@bash scripts/stress.sh $(if $(SANITIZE),$(ASAN_OBJ),$(BUILD)/patched)

# The patched gdb with AddressSanitizer and UndefinedBehaviorSanitizer,
# built at the lowest priority, and the series' tests run against it
# (scripts/sanitize.sh): `make SANITIZE=1` or `make sanitize`.
$(ASAN_OBJ)/config.status: scripts/configure.sh | $(BUILD)/.applied
	@SANITIZE=1 bash scripts/configure.sh $(BUILD)/src-patched $(ASAN_OBJ) "GDB managed-tty series"

sanitize-build: $(BUILD)/.applied $(ASAN_OBJ)/config.status
	@bash scripts/pkgversion.sh stamp $(BUILD)/src-patched $(ASAN_OBJ) $(PATCHDIR)
	@ASAN_OPTIONS=detect_leaks=0 nice -n 19 $(call GDB_MAKE,$(ASAN_OBJ))

sanitize: sanitize-build
	@bash scripts/sanitize.sh $(ASAN_OBJ)

ifneq ($(SANITIZE),)
.DEFAULT_GOAL := sanitize
endif

worktree: $(BUILD)/.source $(MANUAL)
	@bash scripts/worktree.sh $(BUILD) $(PATCHDIR)

export:
	@bash scripts/export.sh $(BUILD) $(PATCHDIR)

clean:
	rm -rf $(BUILD)/patched $(BUILD)/stock $(BUILD)/doc $(BUILD)/patched-asan $(BUILD)/stress $(BUILD)/each/patched

distclean:
	rm -rf $(BUILD)

# Build, test and benchmark GDB 16.3 with the managed-terminal series.
#
#   make            install what is missing, fetch GDB 16.3, apply
#                   patches/series, build the patched gdb
#   make check      the series' unit tests and the DejaGnu tests in
#                   tests/check.list, against the patched gdb
#   make stock      the same GDB without the series, for comparisons
#   make regress    gdb.base, gdb.threads and gdb.mi on both builds,
#                   compared (long: run it in the background)
#   make bench      speed and memory, patched against stock, as ratios
#   make worktree   a git tree of GDB with the series as commits
#   make export     write that tree's commits back to patches/
#
# GDB_SRC=PATH     use a gdb-16.3 tarball or tree instead of Debian's
#                  source package.

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
TOP := $(CURDIR)
BUILD := $(TOP)/build
JOBS ?= $(shell nproc)
PATCHES := $(wildcard patches/*.patch)

# ccache, shared by every clone of the project on this machine.
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := 1

# Build gdb and gdbserver (which shares nat/fork-inferior.c), quietly.
GDB_MAKE = $(MAKE) --no-print-directory -s -C $(1) -j$(JOBS) \
	all-gdb all-gdbserver | { grep -v '^Making [a-z]* in ' || true; }

EXAMPLES := $(patsubst examples/%.c,$(BUILD)/examples/%,$(wildcard examples/*.c))

.PHONY: all patched stock check regress bench examples worktree export clean distclean

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

# build/src-patched: the source with patches/series applied.
$(BUILD)/.applied: $(BUILD)/.source patches/series $(PATCHES) scripts/apply-series.sh
	@bash scripts/apply-series.sh $(BUILD) patches
	@touch $@

$(BUILD)/patched/config.status: scripts/configure.sh | $(BUILD)/.applied
	@bash scripts/configure.sh $(BUILD)/src-patched $(BUILD)/patched

$(BUILD)/stock/config.status: scripts/configure.sh | $(BUILD)/.applied
	@bash scripts/configure.sh $(BUILD)/src-stock $(BUILD)/stock

patched: $(BUILD)/.applied $(BUILD)/patched/config.status
	@$(call GDB_MAKE,$(BUILD)/patched)

stock: $(BUILD)/stock/config.status
	@$(call GDB_MAKE,$(BUILD)/stock)
	@echo "Stock gdb: $(BUILD)/stock/gdb/gdb; run it as $(TOP)/bin/gdb-stock"

# The programs of examples/, built with debug info.
examples: $(EXAMPLES)
$(BUILD)/examples/%: examples/%.c
	@mkdir -p $(dir $@)
	gcc -g -O0 -Wall -o $@ $< -lpthread

check: patched
	@bash scripts/check.sh $(BUILD)/patched

# Whole testsuite directories on both builds; see scripts/regress.sh.
regress: patched stock
	@bash scripts/regress.sh $(BUILD) $(REGRESS_DIRS)

# Speed and memory against stock GDB; see scripts/bench.sh.
bench: patched stock
	@bash scripts/bench.sh $(BUILD)

worktree: $(BUILD)/.source
	@bash scripts/worktree.sh $(BUILD) patches

export:
	@bash scripts/export.sh $(BUILD) patches

clean:
	rm -rf $(BUILD)/patched $(BUILD)/stock

distclean:
	rm -rf $(BUILD)

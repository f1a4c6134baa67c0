# Gamok — build, tests, sanitizers, the demo game and the evaluator bench.
# `make` builds ./pbrain-gamok; when nvcc is found (PATH, else $(CUDA_HOME)/bin) the CUDA
# evaluator is built in too, with the static CUDA runtime. NO_CUDA=1 forces a CPU-only build.
# `make windows` cross-compiles build-win/pbrain-gamok.exe (mingw-w64, CPU only), `make gomocup-zip`
# packs it with a 32-bit build (`make windows32`) for Gomocup, `make test-windows` plays a
# protocol session with it under Wine.

CC      ?= gcc
CSTD    := -std=c11
WARN    := -Wall -Wextra -Werror
# -O3 with link-time optimisation: the tree crosses files at every node (board -> incremental
# state -> evaluator); +16% nodes/s over -O2 on `make bench` (results/2026-11-21-bench-v3.txt).
# (Static libraries of LTO objects need ar's LTO plugin: Debian's gcc package installs it.)
RELEASE_OPT := -O3 -flto=auto
OPT     ?= $(RELEASE_OPT)
CFLAGS  += $(CSTD) $(WARN) $(OPT) -I. -pthread -MMD -MP
LDFLAGS += -pthread $(OPT)
LDLIBS  += -lm

BUILD   ?= build
BIN     := pbrain-gamok

# cmocka from a folder instead of the system (Debian packages unpacked with dpkg -x, as on a GPU
# machine without cmocka or network: `make gpu-check-debs` fetches them): CMOCKA_PREFIX=DIR.
ifneq ($(CMOCKA_PREFIX),)
CMOCKA_LIBDIR := $(patsubst %/,%,$(dir $(firstword $(wildcard $(CMOCKA_PREFIX)/usr/lib/*/libcmocka.so*))))
CFLAGS  += -I$(CMOCKA_PREFIX)/usr/include
LDFLAGS += -L$(CMOCKA_LIBDIR) -Wl,-rpath,$(CMOCKA_LIBDIR)
export CMOCKA_PREFIX
endif

# Everything but entry points goes into one library shared by the brain, the tests and tools.
LIB_SRC  := $(wildcard brain/*.c kernels/*.c) $(filter-out protocol/main.c,$(wildcard protocol/*.c))

# The CUDA evaluator: real code for sm_80 and sm_90 plus PTX for newer GPUs, warnings are
# errors; it replaces the stub that says "built without CUDA".
CUDA_HOME ?= /usr/local/cuda
ifeq ($(NO_CUDA),1)
NVCC :=
else ifeq ($(origin NVCC),undefined)
NVCC := $(shell command -v nvcc 2>/dev/null || { test -x $(CUDA_HOME)/bin/nvcc && echo $(CUDA_HOME)/bin/nvcc; })
endif
ifneq ($(NVCC),)
ifeq ($(origin CUDA_LIBDIR),undefined)
CUDA_LIBDIR := $(shell CUDA_HOME=$(CUDA_HOME) sh kernels/cuda-libdir.sh $(NVCC))
endif
ifeq ($(CUDA_LIBDIR),)
$(warning nvcc found at $(NVCC) but not its libcudart_static.a: building CPU-only (set CUDA_LIBDIR))
override NVCC :=
endif
endif
ifneq ($(NVCC),)
NVCC_OPT    ?= -O3
NVCC_ARCH   := -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
               -gencode arch=compute_90,code=compute_90
NVCCFLAGS   += -std=c++17 -I. $(NVCC_OPT) $(NVCC_ARCH) -Werror all-warnings \
               -Xcompiler -Wall,-Wextra,-Werror,-pthread,-fno-exceptions,-fno-threadsafe-statics
# (no exceptions and no guarded statics: the host code then needs nothing from libstdc++)
LIB_SRC     := $(filter-out kernels/eval_cuda_stub.c,$(LIB_SRC))
CUDA_OBJ    := $(patsubst %.cu,$(BUILD)/%.cu.o,$(wildcard kernels/*.cu))
LDLIBS      += -L$(CUDA_LIBDIR) -lcudart_static -ldl -lrt -lpthread
endif
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(CUDA_OBJ)
LIB      := $(BUILD)/libgamok.a

TEST_SRC := $(wildcard tests/test_*.c)
TEST_SUPPORT := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/support/*.c))
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
SELFPLAY := $(BUILD)/selfplay

# The tournament runner: its modules form a second library, linked into the tests too.
ARENA_SRC := $(filter-out tournaments/selfplay.c tournaments/arena.c tournaments/tactics.c tournaments/tune.c tournaments/corpus_tool.c tournaments/train_tool.c,$(wildcard tournaments/*.c))
ARENA_LIB := $(BUILD)/libarena.a
ARENA_OUT ?= $(BUILD)/gamok-arena
TEST_BRAINS := $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/brains/*.c))
BENCH    := $(BUILD)/eval-bench
TREE_BENCH := $(BUILD)/tree-bench

.PHONY: all test test-asan demo bench depth-bench pgo pgo-check gpu-check gpu-check-debs clean cmocka arena tournament regress windows windows32 gomocup-zip test-windows tactics tune corpus train train-smoke fuzz fuzz-build fuzz-replay soak
# Keep intermediate objects (tests/support): rebuilding them every run is wasted work.
.SECONDARY:
all: $(BIN)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/%.cu.o: %.cu
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -MMD -MP -MF $(@:.o=.d) -MT $@ -c $< -o $@

# The library remembers whether it was built with CUDA: switching rebuilds it.
LIB_CONFIG := $(BUILD)/cuda-config
$(shell mkdir -p $(BUILD) && echo '$(NVCC)' | cmp -s - $(LIB_CONFIG) || echo '$(NVCC)' > $(LIB_CONFIG))

# The commit the binaries are built from, for the version they report (protocol/version.c), and
# the project's web page and contact address for ABOUT (`make gomocup-zip GAMOK_WWW=...
# GAMOK_EMAIL=...`; left out of ABOUT when not given; no double quotes in them): written to a
# stamp that changes only with them, so that version.o is rebuilt then and only then.
GAMOK_COMMIT  := $(shell git describe --always --dirty --abbrev=7 2>/dev/null)
GAMOK_WWW     ?=
GAMOK_EMAIL   ?=
VERSION_STAMP := $(BUILD)/version-commit
VERSION_DEF   := $(if $(GAMOK_COMMIT),-DGAMOK_COMMIT='"$(GAMOK_COMMIT)"') \
                 $(if $(GAMOK_WWW),-DGAMOK_WWW='"$(GAMOK_WWW)"') \
                 $(if $(GAMOK_EMAIL),-DGAMOK_EMAIL='"$(GAMOK_EMAIL)"')
VERSION_INFO  := $(GAMOK_COMMIT) $(GAMOK_WWW) $(GAMOK_EMAIL)
$(shell echo '$(VERSION_INFO)' | cmp -s - $(VERSION_STAMP) || echo '$(VERSION_INFO)' > $(VERSION_STAMP))
$(BUILD)/protocol/version.o: $(VERSION_STAMP)
$(BUILD)/protocol/version.o: CFLAGS += $(VERSION_DEF)

$(LIB): $(LIB_OBJ) $(LIB_CONFIG)
	@rm -f $@
	ar rcs $@ $(LIB_OBJ)

# The brain binary lives at the top level unless BIN_OUT says otherwise (sanitizer builds).
BIN_OUT ?= $(BIN)
$(BIN_OUT): $(BUILD)/protocol/main.o $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(SELFPLAY): $(BUILD)/tournaments/selfplay.o $(BUILD)/tournaments/brainproc.o $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(ARENA_LIB): $(ARENA_SRC:%.c=$(BUILD)/%.o)
	@rm -f $@
	ar rcs $@ $^

arena: $(ARENA_OUT)
$(ARENA_OUT): $(BUILD)/tournaments/arena.o $(ARENA_LIB) $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The evaluation's numbers fitted to game results (tournaments/fit.h): `make tune
# TUNE_ARGS="OUT/results.jsonl ..."`; prints numbers for kernels/values.h, changes nothing.
TUNE := $(BUILD)/gamok-tune
$(TUNE): $(BUILD)/tournaments/tune.o $(ARENA_LIB) $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

tune: $(TUNE)
	./$(TUNE) $(TUNE_ARGS)

# The game corpus (tournaments/corpus.h): `make corpus` adds one round of fast games per rule
# and board size (tournaments/corpus.sh; CORPUS_SEED picks the openings, CORPUS_OPENINGS how
# many, CORPUS_TURN_MS the clock). Needs the opponents built (tournaments/opponents/build.sh).
CORPUS_TOOL := $(BUILD)/gamok-corpus
CORPUS_SEED ?= 1
CORPUS_OPENINGS ?= 20
CORPUS_TURN_MS ?= 100
$(CORPUS_TOOL): $(BUILD)/tournaments/corpus_tool.o $(ARENA_LIB) $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

TRAIN := $(BUILD)/gamok-train
$(TRAIN): $(BUILD)/tournaments/train_tool.o $(ARENA_LIB) $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The learned sets (tournaments/train.h, train_policy.h) trained on the committed corpus and its
# labels (corpus/labels/, tournaments/label-positions.py): `make train` rewrites
# kernels/learned_values.h and kernels/learned_policy.h and logs to $(TRAIN_LOG); a build plays
# them where kernels/score.h's masks say so. Deterministic: the same corpus gives the same files.
TRAIN_ARGS ?=
TRAIN_LOG ?= $(BUILD)/train.log
# A labelled position aims at its label alone: chosen by the held-out log loss against the
# results, then measured in self-play (results/2026-11-29-labels-fs15.txt).
TRAIN_LABEL_WEIGHT ?= 1
TRAIN_LABELS := $(addprefix --labels ,$(wildcard corpus/labels/*.txt)) --label-weight $(TRAIN_LABEL_WEIGHT)
train: $(TRAIN)
	./$(TRAIN) $(TRAIN_LABELS) $(TRAIN_ARGS) --out kernels/learned_values.h \
	  --policy-out kernels/learned_policy.h corpus/*.txt > $(TRAIN_LOG); status=$$?; \
	  grep -v ' step ' $(TRAIN_LOG); exit $$status

# The trainer end to end on the tests' tiny corpus, its output compiled (CI runs this).
SMOKE := $(BUILD)/train-smoke
train-smoke: $(TRAIN)
	mkdir -p $(SMOKE)/kernels
	./$(TRAIN) --iters 30 --out $(SMOKE)/kernels/learned_values.h \
	  --policy-out $(SMOKE)/kernels/learned_policy.h tests/games/train_corpus.txt > $(SMOKE)/log.txt
	grep -q "X(VALUES_LEARNED_FREESTYLE15, 0, 0x" $(SMOKE)/kernels/learned_values.h
	grep -q "X(VALUES_LEARNED_FREESTYLE15, 0, 0, 0x" $(SMOKE)/kernels/learned_policy.h
	$(CC) $(CSTD) $(WARN) -I$(SMOKE) -I. -c kernels/patterns.c -o $(SMOKE)/patterns.o
	@echo "train-smoke: trained on tests/games/train_corpus.txt, the tables compile"

corpus: $(BIN) $(ARENA_OUT) $(CORPUS_TOOL)
	for spec in "0 15" "0 20" "1 15" "4 15"; do \
	    sh tournaments/corpus.sh $$spec $(CORPUS_OPENINGS) $(CORPUS_SEED) $(CORPUS_TURN_MS) || exit 1; \
	done
	./$(CORPUS_TOOL) stats corpus/*.txt

# The tactical suite played through the protocol (tournaments/README.md); not part of `make test`.
TACTICS := $(BUILD)/gamok-tactics
TACTICS_ARGS ?= --turn-ms 1000
$(TACTICS): $(BUILD)/tournaments/tactics.o $(BUILD)/tests/support/positions.o $(BUILD)/tournaments/brainproc.o $(LIB) | cmocka
	$(CC) $(LDFLAGS) $^ -o $@ -lcmocka $(LDLIBS)

tactics: $(BIN) $(TACTICS)
	./$(TACTICS) --brain ./$(BIN) $(TACTICS_ARGS)

# Tiny misbehaving brains for the runner's tests (no library, no cmocka).
$(BUILD)/tests/brains/%: tests/brains/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@ $(LDFLAGS)

$(BUILD)/tests/test_%: tests/test_%.c $(TEST_SUPPORT) $(ARENA_LIB) $(LIB) | cmocka
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< $(TEST_SUPPORT) $(ARENA_LIB) $(LIB) -o $@ $(LDFLAGS) -lcmocka $(LDLIBS)

cmocka:
	@sh tests/need-cmocka.sh

# Shell tests that make test runs beside the cmocka suites (they print cmocka's summary lines).
SHELL_TESTS := tests/test_parallel.sh tests/test_corpus_selfplay.sh

# Runs every cmocka suite from the project root (tests read tests/positions/ and the binary).
test: $(BIN_OUT) $(ARENA_OUT) $(TACTICS) $(CORPUS_TOOL) $(TEST_BRAINS) $(TEST_BIN)
	@GAMOK_COMMIT='$(GAMOK_COMMIT)' GAMOK_WWW='$(GAMOK_WWW)' GAMOK_EMAIL='$(GAMOK_EMAIL)' GAMOK_BIN=./$(BIN_OUT) ARENA_BIN=./$(ARENA_OUT) CORPUS_BIN=./$(CORPUS_TOOL) TACTICS_BIN=./$(TACTICS) TEST_BRAIN=./$(BUILD)/tests/brains/pbrain-misbehave \
	  sh tests/run-suites.sh $(TEST_BIN) $(SHELL_TESTS)

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer, in its own build folder.
test-asan:
	$(MAKE) test NO_CUDA=1 BUILD=build-asan BIN_OUT=build-asan/pbrain-gamok ARENA_OUT=build-asan/gamok-arena \
	  OPT="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" \
	  LDFLAGS="-pthread -fsanitize=address,undefined"

# The main job: a demo game of the brain against itself through the real protocol loop.
demo: $(BIN) $(SELFPLAY)
	./$(SELFPLAY) ./$(BIN) ./$(BIN)

# Evaluator speed (CPU, CUDA when there is a device) and the paper's Tables 5 and 6; not a test.
$(BENCH): $(BUILD)/bench/eval_bench.o $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

bench: $(BENCH) $(TREE_BENCH)
	./$(BENCH) $(BENCH_ARGS)
	./$(TREE_BENCH) $(TREE_BENCH_ARGS)

# The GPU machine's one prepared command (bench/gpu-check.sh): build with nvcc, parity,
# bench, evaluators, threads, tests, a match; the report goes to $(OUT)/gpu-check.txt. On a
# machine without cmocka, `make gpu-check-debs` first (here) and carry .cmocka/ there.
GPU_CHECK_REV ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
gpu-check:
	@test -n "$(OUT)" || { echo "make gpu-check: say where the report goes: OUT=DIR" >&2; exit 2; }
	bash bench/gpu-check.sh "$(OUT)" "$(GPU_CHECK_REV)"

gpu-check-debs:
	mkdir -p .cmocka && cd .cmocka && apt-get download libcmocka0 libcmocka-dev

# The tree's nodes/s, incremental against batch scoring (test positions: links their loader,
# which needs cmocka).
$(TREE_BENCH): $(BUILD)/bench/tree_bench.o $(BUILD)/tests/support/positions.o $(LIB) | cmocka
	$(CC) $(LDFLAGS) $(filter-out cmocka,$^) -o $@ -lcmocka $(LDLIBS)

# The tree's depth in a fixed time and the time to prove known forced wins (bench/depth_bench.c),
# beside Rapfi's when tournaments/opponents/build.sh has built it.
DEPTH_BENCH := $(BUILD)/depth-bench
RAPFI_BIN ?= build/opponents/pbrain-rapfi
DEPTH_BENCH_ARGS ?= $(if $(wildcard $(RAPFI_BIN)),--rapfi $(RAPFI_BIN))
$(DEPTH_BENCH): $(BUILD)/bench/depth_bench.o $(BUILD)/bench/rapfi_probe.o $(BUILD)/tests/support/positions.o $(BUILD)/tournaments/brainproc.o $(LIB) | cmocka
	$(CC) $(LDFLAGS) $(filter-out cmocka,$^) -o $@ -lcmocka $(LDLIBS)

depth-bench: $(DEPTH_BENCH)
	./$(DEPTH_BENCH) $(DEPTH_BENCH_ARGS)

# Profile-guided optimisation (gcc): `make pgo` builds $(PGO_BUILD)/pbrain-gamok (and a depth bench
# of the same code), compiled twice: instrumented, then with the profile of the depth bench's
# positions at PGO_NODES nodes each (a node budget: the same source gives the same profile and
# binary). The same search, about 7% faster (results/2026-12-07-pgo.txt). Needs cmocka, as the
# depth bench does. Native only: a Windows .exe profiled under Wine measured no faster.
PGO_BUILD ?= build-pgo
PGO_NODES ?= 300000
PGO_MAKE := $(MAKE) --no-print-directory BUILD=$(PGO_BUILD) BIN_OUT=$(PGO_BUILD)/$(BIN)
pgo:
	rm -rf $(PGO_BUILD)
	$(PGO_MAKE) OPT="$(RELEASE_OPT) -fprofile-generate -fprofile-update=single" $(PGO_BUILD)/$(BIN) $(PGO_BUILD)/depth-bench
	./$(PGO_BUILD)/depth-bench --nodes $(PGO_NODES) > $(PGO_BUILD)/depth-bench.txt
	find $(PGO_BUILD) -name '*.o' ! -name '*.cu.o' -delete
	rm -f $(PGO_BUILD)/libgamok.a $(PGO_BUILD)/$(BIN) $(PGO_BUILD)/depth-bench
	$(PGO_MAKE) OPT="$(RELEASE_OPT) -fprofile-use -fprofile-partial-training -Wno-missing-profile" $(PGO_BUILD)/$(BIN) $(PGO_BUILD)/depth-bench
	@echo "make pgo: $(PGO_BUILD)/$(BIN) (and its depth bench), profiled on the depth bench at $(PGO_NODES) nodes a position"

# The profile-guided brain plays the plain brain's game move for move (one depth-capped self-play
# game each, from an opening the profile did not see): a profile changes speed, never a move.
PGO_CHECK_GAME := --turn 60000 --opening "0,0 1,-1 -1,-2"
# $(call pgo_check_game,BRAIN,FILE): the game's move list (times dropped) into FILE.
pgo_check_game = ./$(SELFPLAY) $(PGO_CHECK_GAME) "./$(1) --depth 9" "./$(1) --depth 9" \
  | grep -E '^ *[0-9]+\. |^result' | sed 's/ *[0-9]* ms$$//' > $(2)
pgo-check: $(BIN) $(SELFPLAY)
	@test -x $(PGO_BUILD)/$(BIN) || { echo "make pgo-check: no $(PGO_BUILD)/$(BIN) (make pgo)" >&2; exit 1; }
	@$(call pgo_check_game,$(BIN),$(PGO_BUILD)/check-plain.txt)
	@$(call pgo_check_game,$(PGO_BUILD)/$(BIN),$(PGO_BUILD)/check-pgo.txt)
	@n=$$(grep -c '^ *[0-9]*\. ' $(PGO_BUILD)/check-plain.txt); test "$$n" -gt 0 \
	  && cmp $(PGO_BUILD)/check-plain.txt $(PGO_BUILD)/check-pgo.txt \
	  && echo "pgo-check: the same $$n moves; $$(tail -1 $(PGO_BUILD)/check-plain.txt)"

# The main job's tournament: pbrain-gamok against its paper-mode settings (full-width min-max,
# levels 2 and 3) and a depth-capped tree, on built-in openings, colours swapped.
TOURNAMENT_OUT ?= $(BUILD)/tournament
TOURNAMENT_OPENINGS ?= 4
tournament: $(BIN) $(ARENA_OUT)
	./$(ARENA_OUT) --gauntlet --openings tournaments/openings/freestyle15-classic26.txt \
	  --random --seed 7 --max-openings $(TOURNAMENT_OPENINGS) --turn 300 --tolerance 1000 \
	  --drawafter 150 --out $(TOURNAMENT_OUT) --fresh \
	  --engine cmd=./$(BIN) name=gamok \
	  --engine "cmd=./$(BIN) --paper-level 2" name=paper-2 \
	  --engine "cmd=./$(BIN) --paper-level 3" name=paper-3 \
	  --engine "cmd=./$(BIN) --depth 4" name=tree-depth-4

# Regression: the tactical suites, then a short SPRT of this build against REV (default HEAD)
# built in a temporary folder.
REV ?= HEAD
regress: test $(BIN) $(ARENA_OUT)
	sh tournaments/regress.sh "$(REV)" ./$(BIN) ./$(ARENA_OUT)

# Windows: pbrain-gamok.exe cross-compiled with mingw-w64 (Debian gcc-mingw-w64-x86-64), static
# (winpthreads for threads, no DLLs beyond the system's), CPU evaluator only (the CUDA stub), in
# its own build folder. brain/platform_*.c pick their side with #ifdef _WIN32.
WIN_CC    ?= x86_64-w64-mingw32-gcc-posix
WIN_BUILD ?= build-win
WIN_EXE   := $(WIN_BUILD)/pbrain-gamok.exe
WIN_SRC   := $(wildcard brain/*.c kernels/*.c protocol/*.c)
WIN_OBJ   := $(WIN_SRC:%.c=$(WIN_BUILD)/%.o)
WIN_CFLAGS  := $(CSTD) $(WARN) $(RELEASE_OPT) -I. -pthread -MMD -MP
WIN_LDFLAGS := -static -static-libgcc -pthread -s $(RELEASE_OPT)
# Gomocup takes a zip of the brain: the 32-bit exe (Debian gcc-mingw-w64-i686, built by a second
# make into its own folder) beside the 64-bit one, whose name must contain "64". Its size is capped.
WIN32_CC    ?= i686-w64-mingw32-gcc-posix
WIN32_BUILD ?= build-win32
WIN32_EXE   := $(WIN32_BUILD)/pbrain-gamok.exe
WIN_ZIP   := $(WIN_BUILD)/gamok.zip
WIN_ZIP_EXE := pbrain-gamok64.exe
WIN32_ZIP_EXE := pbrain-gamok.exe
ZIP_LIMIT_BYTES ?= 2097152

windows: $(WIN_EXE)

$(WIN_OBJ): $(WIN_BUILD)/%.o: %.c
	@command -v $(WIN_CC) >/dev/null 2>&1 || { echo "make windows: $(WIN_CC) not found (apt-get install gcc-mingw-w64-x86-64, or gcc-mingw-w64-i686 for 32 bits)" >&2; exit 1; }
	@mkdir -p $(dir $@)
	$(WIN_CC) $(WIN_CFLAGS) -c $< -o $@

$(WIN_BUILD)/protocol/version.o: $(VERSION_STAMP)
$(WIN_BUILD)/protocol/version.o: WIN_CFLAGS += $(VERSION_DEF)

$(WIN_EXE): $(WIN_OBJ)
	$(WIN_CC) $^ -o $@ $(WIN_LDFLAGS) -lm

windows32:
	@$(MAKE) --no-print-directory windows WIN_CC=$(WIN32_CC) WIN_BUILD=$(WIN32_BUILD)

gomocup-zip: $(WIN_ZIP)
$(WIN_ZIP): $(WIN_EXE) windows32
	@rm -rf $(WIN_BUILD)/gomocup $@ && mkdir -p $(WIN_BUILD)/gomocup
	cp $(WIN_EXE) $(WIN_BUILD)/gomocup/$(WIN_ZIP_EXE)
	cp $(WIN32_EXE) $(WIN_BUILD)/gomocup/$(WIN32_ZIP_EXE)
	@if command -v zip >/dev/null 2>&1; then \
	  (cd $(WIN_BUILD)/gomocup && zip -q -X -9 ../$(notdir $@).tmp $(WIN_ZIP_EXE) $(WIN32_ZIP_EXE)); \
	else (cd $(WIN_BUILD)/gomocup && python3 -m zipfile -c ../$(notdir $@).tmp $(WIN_ZIP_EXE) $(WIN32_ZIP_EXE)); fi
	@size=$$(wc -c < $@.tmp); \
	if [ $$size -gt $(ZIP_LIMIT_BYTES) ]; then \
	  echo "gomocup-zip: $@ is $$size bytes, over the limit ZIP_LIMIT_BYTES=$(ZIP_LIMIT_BYTES)" >&2; \
	  rm -f $@.tmp; exit 1; fi; \
	mv $@.tmp $@; echo "gomocup-zip: $@ ($$size bytes, limit $(ZIP_LIMIT_BYTES))"
	$(if $(GAMOK_WWW)$(GAMOK_EMAIL),,@echo "gomocup-zip: ABOUT gives no www or email (GAMOK_WWW=... GAMOK_EMAIL=...)")

# The .exe under Wine through a scripted protocol session (skips where Wine or mingw is missing).
test-windows:
	@if command -v $(WIN_CC) >/dev/null 2>&1; then $(MAKE) --no-print-directory windows; fi
	bash tests/test_windows.sh $(WIN_EXE)

# The soak (tournaments/soak.sh): `make soak GAMES=N` plays pbrain-gamok against Pela
# ($(PELA_BIN), from tournaments/opponents/build.sh pela; self-play only without it) and against
# itself at fast-game clocks, two at a time, records each engine's peak memory per game and
# reports forfeits, crashes, illegal moves and memory growth (tournaments/soak-report.py; exit
# status 1 on any). Rerunning the same command resumes it in $(SOAK_OUT).
GAMES ?= 1000
SOAK_TURN_MS ?= 1000
SOAK_MATCH_MS ?= 20000
SOAK_OUT ?= $(BUILD)/soak
PELA_BIN ?= build/opponents/pbrain-pela
soak: $(BIN) $(ARENA_OUT)
	sh tournaments/soak.sh $(GAMES) $(SOAK_TURN_MS) $(SOAK_MATCH_MS) $(SOAK_OUT) ./$(ARENA_OUT) ./$(BIN) $(PELA_BIN)

# Coverage-guided fuzzing (docs/fuzzing.md): one libFuzzer harness per input surface in
# tests/fuzz/, built with clang under ASan + UBSan in their own folder. `make fuzz FUZZ_S=N` runs
# each for N seconds on a scratch copy of its corpus (logs and crash inputs in $(FUZZ_LOG);
# FUZZ_KEEP=1 adds the new inputs, minimised, to tests/fuzz/corpus/); `make fuzz-replay` runs
# every committed corpus and regression input once, then each harness for FUZZ_REPLAY_S = 30 s
# (CI).
FUZZ_CC ?= $(shell command -v clang-14 || command -v clang)
FUZZ_BUILD ?= build-fuzz
FUZZERS ?= protocol blocks info openings replies results
FUZZ_S ?= 60
FUZZ_LOG ?= build/fuzz-logs
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all

$(BUILD)/fuzz/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/fuzz_brain.o $(ARENA_LIB) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -fsanitize=fuzzer $^ -o $@ $(LDLIBS)

fuzz-build:
	@test -n "$(FUZZ_CC)" || { echo "make fuzz: clang not found (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 1; }
	@$(MAKE) --no-print-directory NO_CUDA=1 CC=$(FUZZ_CC) BUILD=$(FUZZ_BUILD) \
	  OPT="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SAN)" \
	  LDFLAGS="-pthread $(FUZZ_SAN)" $(FUZZERS:%=$(FUZZ_BUILD)/fuzz/fuzz_%)

fuzz: fuzz-build
	bash tests/fuzz/run.sh fuzz $(FUZZ_S) $(FUZZ_LOG) $(FUZZ_BUILD)/fuzz $(FUZZERS)

FUZZ_REPLAY_S ?= 30
fuzz-replay: fuzz-build
	bash tests/fuzz/run.sh replay $(FUZZ_BUILD)/fuzz $(FUZZERS)
	bash tests/fuzz/run.sh fuzz $(FUZZ_REPLAY_S) $(FUZZ_LOG) $(FUZZ_BUILD)/fuzz $(FUZZERS)

clean:
	rm -rf build build-asan build-win $(WIN32_BUILD) $(FUZZ_BUILD) $(PGO_BUILD) $(BIN)

-include $(shell find $(BUILD) $(WIN_BUILD) -name '*.d' 2>/dev/null)

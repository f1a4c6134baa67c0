# Gamok — build, tests, sanitizers and the demo game.
# `make` builds ./pbrain-gamok (CPU only; the CUDA issue adds an nvcc path).

CC      ?= gcc
CSTD    := -std=c11
WARN    := -Wall -Wextra -Werror
OPT     ?= -O2
CFLAGS  += $(CSTD) $(WARN) $(OPT) -I. -pthread -MMD -MP
LDFLAGS += -pthread
LDLIBS  += -lm

BUILD   ?= build
BIN     := pbrain-gamok

# Everything but entry points goes into one library shared by the brain, the tests and tools.
LIB_SRC  := $(wildcard brain/*.c kernels/*.c) $(filter-out protocol/main.c,$(wildcard protocol/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB      := $(BUILD)/libgamok.a

TEST_SRC := $(wildcard tests/test_*.c)
TEST_SUPPORT := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/support/*.c))
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
SELFPLAY := $(BUILD)/selfplay

.PHONY: all test test-asan demo clean cmocka
all: $(BIN)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The brain binary lives at the top level unless BIN_OUT says otherwise (sanitizer builds).
BIN_OUT ?= $(BIN)
$(BIN_OUT): $(BUILD)/protocol/main.o $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(SELFPLAY): $(BUILD)/tournaments/selfplay.o $(BUILD)/tournaments/brainproc.o $(LIB)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/%: tests/%.c $(TEST_SUPPORT) $(LIB) | cmocka
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< $(TEST_SUPPORT) $(LIB) -o $@ $(LDFLAGS) -lcmocka $(LDLIBS)

cmocka:
	@sh tests/need-cmocka.sh

# Runs every cmocka suite from the project root (tests read tests/positions/ and the binary).
test: $(BIN_OUT) $(TEST_BIN)
	@GAMOK_BIN=./$(BIN_OUT) sh tests/run-suites.sh $(TEST_BIN)

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer, in its own build folder.
test-asan:
	$(MAKE) test BUILD=build-asan BIN_OUT=build-asan/pbrain-gamok \
	  OPT="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" \
	  LDFLAGS="-pthread -fsanitize=address,undefined"

# The main job: a demo game of the brain against itself through the real protocol loop.
demo: $(BIN) $(SELFPLAY)
	./$(SELFPLAY) ./$(BIN) ./$(BIN)

clean:
	rm -rf build build-asan $(BIN)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

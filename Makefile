# cser: build, test and demo every part of the project.
#   make        build the compiler, the Java runtime and the examples' generated code, run the demos
#   make test   run every test of every part, the format check of every schema, the cross-language
#               conformance suite, the install test (standalone projects outside the checkout),
#               the benchmark smokes, a 20-second smoke of every fuzzer, the socket load test,
#               and the Kafka serdes on a real broker (make test-kafka)
#   make test-schemagen  the schema generator's smoke (part of make test): 16 random schemas
#               built and round-tripped in every language (conformance/schemagen/README.md)
#   make schemagen  the schema campaign: SCHEMAS random schemas (default 2000) built and
#               round-tripped in every language (conformance/schemagen/README.md)
#   make fuzz   run every fuzzer for FUZZ_SECONDS per target (FUZZING.md)
#   make bench  run every benchmark (benchmarks/README.md); make bench-report renders RESULTS.md
#   make install    install the cserc launcher and its jar under PREFIX (default ~/.local):
#               PREFIX/bin/cserc and PREFIX/share/cser/cserc.jar; make uninstall removes them
#   make clean  remove build output

MVN ?= mvn
MVN_FLAGS ?= -B --no-transfer-progress -Dstyle.color=never
JAVA ?= java

# The generated classes are built with --json: verifying them loads dev.cser.json.JsonException.
EXAMPLES_CP = runtimes/java/target/classes:runtimes/java/json/target/classes:runtimes/java/examples/target/classes

.PHONY: all build demo install uninstall test test-fmt test-install test-java test-rust test-python test-conformance test-schemagen schemagen test-bench test-fuzz test-load test-kafka test-kafka-java test-kafka-rust test-kafka-python test-kafka-chain test-kafka-fault test-kafka-streams kafka-chain-parts kafka-streams-parts fuzz across-parts bench bench-quick bench-report clean

all: build demo

## Builds the compiler jar (tools/cserc/target/cserc.jar, run by bin/cserc), the Java runtime, and
## the generated code of schema/examples (not the benchmark and fuzz modules: -Pbench, -Pfuzz).
## In `make test`, test-java's `mvn package` (tests included) builds all of it: there build
## waits for test-java instead of packaging again (test-fuzz and test-load ask for build).
ifneq ($(filter test,$(MAKECMDGOALS)),)
build: test-java
	@echo "build: built by test-java"
else
build:
	$(MVN) $(MVN_FLAGS) -q package -DskipTests
endif

## The W3 demos: Sakai content entities written to a stream and read back (Java), then stored
## as blobs in SQLite by Java, edited by Python and checked by Rust (seed 002's setting); then the
## same setting in a rolling upgrade: entities written by a newer schema (Java) keep every field
## after an older program (Rust) edits them (SPEC §5.5.1).
demo: build across-parts
	$(JAVA) -cp $(EXAMPLES_CP) dev.cser.examples.SakaiDemo
	$(PY)/python conformance/across/run_across.py --only database
	$(PY)/python conformance/across/evolution_db.py

test: test-java test-fmt test-rust test-python test-conformance test-schemagen test-install test-bench test-fuzz test-load test-kafka

## JUnit: the compiler, the command line (with its malformed-schema corpus), the Java runtime,
## the round trips of every example schema, and cser-maven-plugin, whose integration tests build
## and test the standalone runtimes/java/example-project and a project with a bad schema; with
## -Pall also the benchmark module (its size tests and benchmarks.jar, which test-bench runs) and
## the fuzz targets in Jazzer's regression mode over their seeds.
test-java:
	$(MVN) $(MVN_FLAGS) -Pall package

## The Rust workspace (runtimes/rust): the runtime crate, cser-build, the code generated for every
## example schema (cser-examples, whose tests also read the bytes the Java tests wrote and the
## worked examples of SPEC.md §13) and the
## W3 example crate built with cser-build; then clippy (-D warnings) and rustfmt over all of it,
## generated code included. cargo runs the workspace's default members: all but cser-kafka, which
## builds librdkafka and has its own target, test-kafka-rust.
CSERC_JAR = tools/cserc/target/cserc.jar
RUST_ENV = CSERC=$(CURDIR)/bin/cserc

JAVA_VECTORS = runtimes/java/examples/target/vectors/index.txt

## Every schema of the repository is in `cserc fmt`'s layout (compiler/README.md), but the
## malformed-schema corpus and the Maven plugin's bad-schema test (broken on purpose) and fmt's own
## unformatted test inputs.
FMT_CHECKED = $(shell git ls-files '*.cser' | grep -v -e '^tools/cserc/src/test/resources/malformed/' \
	-e '^tools/maven-plugin/src/it/bad-schema/' -e '^compiler/src/test/resources/fmt/.*\.in\.cser$$')

test-fmt: $(CSERC_JAR)
	bin/cserc fmt --check $(FMT_CHECKED)

$(CSERC_JAR):
	$(MVN) $(MVN_FLAGS) -q package -DskipTests

## `make install`: the launcher bin/cserc and the compiler jar, laid out so that the launcher finds
## the jar beside itself (PREFIX/bin/cserc runs PREFIX/share/cser/cserc.jar); PREFIX/bin on PATH
## makes `cserc` a command, which cser-build finds too. DESTDIR is prepended for packagers.
## It installs the jar `make` last built (and builds it if there is none).
PREFIX ?= $(HOME)/.local
INSTALL_BIN = $(DESTDIR)$(PREFIX)/bin
INSTALL_SHARE = $(DESTDIR)$(PREFIX)/share/cser

install: $(CSERC_JAR)
	mkdir -p '$(INSTALL_BIN)' '$(INSTALL_SHARE)'
	cp $(CSERC_JAR) '$(INSTALL_SHARE)/cserc.jar'
	chmod 644 '$(INSTALL_SHARE)/cserc.jar'
	cp bin/cserc '$(INSTALL_BIN)/cserc'
	chmod 755 '$(INSTALL_BIN)/cserc'

uninstall:
	rm -f '$(INSTALL_BIN)/cserc' '$(INSTALL_SHARE)/cserc.jar'
	-rmdir '$(INSTALL_SHARE)' 2>/dev/null

# The bytes Java wrote, which the Rust tests decode (VectorExportTest; make test-java writes them too).
$(JAVA_VECTORS):
	$(MVN) $(MVN_FLAGS) -q test -Dtest=VectorExportTest -Dsurefire.failIfNoSpecifiedTests=false

test-rust: $(CSERC_JAR) $(JAVA_VECTORS)
	cd runtimes/rust && $(RUST_ENV) cargo test
	cd runtimes/rust && $(RUST_ENV) cargo run -q -p example-sakai
	cd runtimes/rust && if cargo clippy --version >/dev/null 2>&1; then \
		$(RUST_ENV) cargo clippy --all-targets -- -D warnings; \
	else echo "clippy is not installed: skipping the lint of runtimes/rust"; fi
	cd runtimes/rust && if cargo fmt --version >/dev/null 2>&1; then \
		cargo fmt --all --check && \
		rustfmt --edition 2021 --check $$(ls -td target/debug/build/cser-examples-*/out | head -1)/*.rs; \
	else echo "rustfmt is not installed: skipping the format check of runtimes/rust"; fi

## cser-kafka (runtimes/rust/cser-kafka, SPEC.md §8.2 on rdkafka): its framing tests (no broker),
## clippy (-D warnings), then tests/broker.rs against a real Kafka broker that
## conformance/kafka/broker starts in a temporary directory and stops however the test ends.
KAFKA_BROKER ?= $(CURDIR)/conformance/kafka/broker

test-kafka-rust: $(CSERC_JAR)
	cd runtimes/rust && $(RUST_ENV) cargo test -p cser-kafka
	cd runtimes/rust && if cargo clippy --version >/dev/null 2>&1; then \
		$(RUST_ENV) cargo clippy -p cser-kafka --all-targets --test broker -- -D warnings; \
	else echo "clippy is not installed: skipping the lint of cser-kafka"; fi
	cd runtimes/rust && $(RUST_ENV) cargo test -q -p cser-kafka --test broker --no-run
	dir="$$(mktemp -d)"; \
	trap '"$(KAFKA_BROKER)" down "$$dir" >&2 || rmdir "$$dir"' EXIT; \
	servers="$$("$(KAFKA_BROKER)" up "$$dir" | sed -n 's/^bootstrap\.servers=//p')"; \
	test -n "$$servers" || { echo "the Kafka broker did not start" >&2; exit 1; }; \
	cd runtimes/rust && BOOTSTRAP_SERVERS="$$servers" $(RUST_ENV) cargo test -p cser-kafka --test broker

## Python (runtimes/python): a venv with the runtime installed in editable mode (which compiles
## its C accelerator), the pinned pytest, mypy and ruff and the kafka extra (confluent-kafka,
## which cser.kafka and its tests use); the tests, run with the accelerator
## and again without it, generate the code of every example schema into
## runtimes/python/target/generated and read the bytes the Java and Rust tests wrote; then
## mypy --strict and ruff over the runtime, the tests and the generated code.
PYTHON ?= python3
PY_DIR = runtimes/python
PY_VENV = $(PY_DIR)/.venv
PY = $(CURDIR)/$(PY_VENV)/bin
RUST_VECTORS = runtimes/rust/target/rust-vectors/index.txt
RUFF_RULES = E4,E7,E9,F,W,UP,I,RUF,B

# Installing compiles the C accelerator (src/cser/_native/*.c, *.h) in place; editing it reinstalls.
PY_NATIVE = $(wildcard $(PY_DIR)/src/cser/_native/*.c $(PY_DIR)/src/cser/_native/*.h)
$(PY_VENV)/installed: $(PY_DIR)/pyproject.toml $(PY_DIR)/setup.py $(PY_NATIVE)
	$(PYTHON) -m venv $(PY_VENV)
	$(PY)/pip install -q --disable-pip-version-check -e '$(PY_DIR)[test,kafka]'
	echo "$(CURDIR)/$(CSERC_JAR)" > $(PY_DIR)/src/cser/_jar_path.txt
	touch $@

# The bytes Rust wrote for the same cases (cser-examples/tests/java_vectors.rs).
$(RUST_VECTORS): $(JAVA_VECTORS) $(CSERC_JAR)
	cd runtimes/rust && $(RUST_ENV) cargo test -q -p cser-examples --test java_vectors

# The broker test (tests/test_kafka_broker.py) starts a Kafka broker: test-kafka-python runs it.
PY_NO_BROKER = --ignore=tests/test_kafka_broker.py
test-python: $(CSERC_JAR) $(JAVA_VECTORS) $(RUST_VECTORS) $(PY_VENV)/installed
	cd $(PY_DIR) && $(PY)/pytest -q $(PY_NO_BROKER)
	# The same tests again on the pure-Python fallback, the C accelerator switched off.
	cd $(PY_DIR) && CSER_PURE_PYTHON=1 $(PY)/pytest -q $(PY_NO_BROKER)
	cd $(PY_DIR) && $(PY)/mypy src tests target/generated
	cd $(PY_DIR) && $(PY)/ruff check --no-cache src tests
	# Generated code as a user's project sees it: its packages first-party, cser third-party.
	cd $(PY_DIR)/target/generated && $(PY)/ruff check --no-cache --isolated --select $(RUFF_RULES) .

## cser.kafka on a real broker: the test starts one with conformance/kafka/broker (CSER_KAFKA_BROKER
## names another script) and stops it, produces W4 messages with bad records among them to a
## 3-partition topic and consumes them back (runtimes/python/README.md, "Kafka").
test-kafka-python: $(CSERC_JAR) $(PY_VENV)/installed
	cd $(PY_DIR) && $(PY)/pytest -q tests/test_kafka_broker.py

## The conformance suite (conformance/README.md): every vector in every language (and the
## schema-driven Java codec) and every writer/reader pair, then streams, sockets and the
## database across the three languages.
across-parts: $(CSERC_JAR) $(PY_VENV)/installed
	cd runtimes/rust && $(RUST_ENV) cargo build -q -p cser-across

test-conformance: $(CSERC_JAR) $(PY_VENV)/installed across-parts
	conformance/run
	# The JSON mapping's edges and seeded random JSON texts: every testee answers alike (SPEC §11).
	$(PY)/python conformance/json_edges.py
	$(PY)/python conformance/across/run_across.py
	$(PY)/python conformance/across/evolution_db.py

## The schema generator (conformance/schemagen/README.md): random valid schemas (every keyword,
## builtin and runtime name of the three languages, names that differ by case or underscores,
## sizes and depths up to the limits, cyclic packages, hostile doc comments), each compiled to
## Java, Rust and Python, built with javac -Xlint:all -Werror, rustfmt --check and clippy -D
## warnings, ruff and mypy --strict, and its values round-tripped through the Java, Rust, Python
## and pure-Python testees (the same bytes, the same JSON). test-schemagen is the smoke: 16 schemas
## of a fixed seed in two batches, near-limit ones among them (part of make test); make
## schemagen the campaign, SCHEMAS
## schemas from seed SCHEMAGEN_SEED in batches of SCHEMAGEN_BATCH. Both exit 1 on any failure,
## keeping the failing schemas under conformance/target/schemagen/failures/.
SCHEMAS ?= 2000
SCHEMAGEN_SEED ?= 1
SCHEMAGEN_BATCH ?= 40

test-schemagen: $(CSERC_JAR) $(PY_VENV)/installed
	$(PY)/python conformance/schemagen/campaign.py --smoke

schemagen: $(CSERC_JAR) $(PY_VENV)/installed
	$(PY)/python conformance/schemagen/campaign.py --schemas $(SCHEMAS) --seed $(SCHEMAGEN_SEED) \
		--batch $(SCHEMAGEN_BATCH)

## cser installed as a user installs it (conformance/install/README.md): `make install` into a
## temporary PREFIX and `pip install runtimes/python` into a fresh venv, used from standalone
## Java, Rust and Python projects in a temporary directory outside the checkout.
test-install: $(CSERC_JAR)
	ls runtimes/java/target/cser-runtime-*.jar >/dev/null 2>&1 || $(MVN) $(MVN_FLAGS) -q package -DskipTests -pl runtimes/java
	PYTHON=$(PYTHON) conformance/install/run

## Benchmarks (benchmarks/README.md). `make test` compiles every harness, runs its tests (exact
## encoded sizes) and a one-iteration smoke; `make bench` runs them all and writes
## benchmarks/results/*.json, `make bench-quick` writes benchmarks/target/quick/*.json (never the
## committed full results) and compares its ratios to cser with theirs (benchmarks/compare_modes.py);
## `make bench-report` renders benchmarks/RESULTS.md.
## The Kafka benchmark (benchmarks/python/kafka_run.py) brings one broker up for its run and down
## again however it ends: full 1,000,000 W4 / 100,000 W3 records per (language, format,
## compression), and in test-bench a smoke of 2,000 / 200 (every record checked, nothing written,
## no timing asserted). It is not part of bench-quick: a broker run short enough for it does not
## reproduce the full run's ratios (benchmarks/README.md, "Modes"); `kafka_run.py --mode quick`
## (50,000 / 5,000) still runs on its own.
BENCH_TOOLS = benchmarks/target/tools-venv
W5_DATA = benchmarks/target/data/w5_molecules.json
BENCH_PY = benchmarks/target/py-venv/bin/python
BENCH_RUST = cd benchmarks/rust && $(RUST_ENV) cargo

$(BENCH_TOOLS)/installed: benchmarks/requirements-tools.txt
	$(PYTHON) -m venv $(BENCH_TOOLS)
	$(BENCH_TOOLS)/bin/pip install -q --disable-pip-version-check -r benchmarks/requirements-tools.txt
	touch $@

$(W5_DATA): $(BENCH_TOOLS)/installed benchmarks/data/w5_from_smiles.py
	$(BENCH_TOOLS)/bin/python benchmarks/data/w5_from_smiles.py $@

# allowAttachSelf: JOL (the W3 graph size) measures with the JVM's instrumentation.
BENCH_JAR = benchmarks/java/target/benchmarks.jar
BENCH_JAVA = $(JAVA) -Djdk.attach.allowAttachSelf=true -cp $(BENCH_JAR) dev.cser.bench.RunAll
# The benchmark module is built only when asked for (-Pbench); in make test, test-java builds it.
BENCH_JAVA_BUILD = $(MVN) $(MVN_FLAGS) -q -Pbench -pl benchmarks/java -am package -DskipTests

$(BENCH_JAR):
	$(BENCH_JAVA_BUILD)

test-bench: $(CSERC_JAR) $(BENCH_JAR) $(PY_VENV)/installed
	$(BENCH_JAVA) smoke
	$(BENCH_RUST) test -q
	$(BENCH_RUST) run -q --bin report -- --mode smoke
	benchmarks/python/setup.sh
	$(BENCH_PY) -m pytest -q benchmarks/python
	$(BENCH_PY) -m pytest -q benchmarks/test_compare_modes.py
	$(BENCH_PY) benchmarks/python/run.py --mode smoke
	JAVA=$(JAVA) $(BENCH_PY) benchmarks/python/kafka_run.py --mode smoke
	cd benchmarks/python && ../target/py-venv/bin/ruff check --no-cache . && ../target/py-venv/bin/mypy .

# The mode and the results directory of `make bench` / `make bench-quick`.
BENCH_MODE = $(if $(filter bench,$@),full,quick)
BENCH_OUT = $(CURDIR)/benchmarks/$(if $(filter bench,$@),results,target/quick)

bench bench-quick: build across-parts $(W5_DATA)
	$(BENCH_JAVA_BUILD)
	benchmarks/python/setup.sh
	cd runtimes/rust && $(RUST_ENV) cargo build -q --release -p cser-across
	$(if $(filter bench-quick,$@),rm -rf $(BENCH_OUT))
	mkdir -p $(BENCH_OUT)
	$(BENCH_JAVA) $(BENCH_MODE) --out $(BENCH_OUT)/java.json
	$(BENCH_RUST) run -q --release --bin report -- --mode $(BENCH_MODE) --out $(BENCH_OUT)/rust.json
	$(BENCH_PY) benchmarks/python/run.py --mode $(BENCH_MODE) --out $(BENCH_OUT)/python.json
	$(PY)/python benchmarks/stream/w4_cross.py --mode $(BENCH_MODE) --out $(BENCH_OUT)/cross.json
	$(if $(filter bench,$@),JAVA=$(JAVA) $(BENCH_PY) benchmarks/python/kafka_run.py --mode full --out $(BENCH_OUT)/kafka.json)
	$(if $(filter bench-quick,$@),$(PY)/python benchmarks/compare_modes.py)

## Hostile input (FUZZING.md, SPEC §10.1). `make fuzz` runs every coverage-guided fuzzer —
## cargo-fuzz over the Rust decoders, Jazzer over the Java decoders and the compiler, atheris over
## the Python decoders (C accelerator and pure Python) — for FUZZ_SECONDS per target, seeded with
## the conformance vectors; `make test` runs a 20-second smoke of each, then the socket load test:
## each language's W4 receiver against 8 senders of 100,000 messages and garbage connections.
FUZZ_SECONDS ?= 60

fuzz: build $(PY_VENV)/installed
	runtimes/rust/fuzz/run $(FUZZ_SECONDS)
	runtimes/java/fuzz/run $(FUZZ_SECONDS)
	runtimes/python/fuzz/run $(FUZZ_SECONDS)

test-fuzz: FUZZ_SECONDS = 20
test-fuzz: fuzz

test-load: build across-parts $(PY_VENV)/installed
	$(PY)/python conformance/load/run_load.py

## The Kafka serdes of the three languages on a real broker (conformance/kafka/README.md): each
## starts conformance/kafka/broker in a temporary directory and stops it even when it fails; W4
## messages through a 3-partition topic, a corrupt value and a value of another type reported and
## skipped; then test-kafka-chain, test-kafka-fault and test-kafka-streams.
test-kafka: test-kafka-java test-kafka-rust test-kafka-python test-kafka-chain test-kafka-fault test-kafka-streams

## 100,000 W4 messages per direction through one broker, Java -> Rust -> Python -> Java and
## Python -> Rust -> Java -> Python, each relay decoding and encoding again; the last checks every
## message arrived, byte-identical and in order per key (conformance/kafka/README.md, "The chain").
## Builds Java's ChainRole (runtimes/java/kafka's test classes) with its classpath in
## CHAIN_CLASSPATH, and Rust's chain_relay example of cser-kafka (debug, as test-kafka-rust).
CHAIN_CLASSPATH = conformance/target/kafka/chain-classpath.txt
kafka-chain-parts: $(CSERC_JAR) $(PY_VENV)/installed
	$(MVN) $(MVN_FLAGS) -q -pl runtimes/java/kafka -am test-compile dependency:build-classpath \
		-Dmdep.includeScope=test -Dmdep.outputFile=$(CURDIR)/$(CHAIN_CLASSPATH)
	cd runtimes/rust && $(RUST_ENV) cargo build -q -p cser-kafka --example chain_relay

test-kafka-chain: kafka-chain-parts
	$(PY)/python conformance/kafka/chain.py
	# The chain's Python programs under the runtime's lint settings (cser first-party), with the
	# W4 code chain.py generated.
	cd $(PY_DIR) && $(PY)/ruff check --no-cache ../../conformance/kafka \
		&& MYPYPATH=$(CURDIR)/conformance/target/kafka/chain-python \
		$(PY)/mypy ../../conformance/kafka/chain.py ../../conformance/kafka/chain_role.py

## The forward chain (Java -> Rust -> Python, checked by Python) with a broker fault: 40,000 W4
## messages, Java producing 2,000/s, the four programs at once; the broker SIGKILLed once records
## reach the last topic and restarted 3 s later. Every message must arrive (at least once), byte-
## identical, first arrivals in order per key; prints the duplicates and the outage. About 40 s.
test-kafka-fault: kafka-chain-parts
	$(PY)/python conformance/kafka/chain.py --fault

## W3 entities (seed 002) through a Kafka Streams topology in Java, read by Python
## (conformance/kafka/README.md, "The Streams topology"): Java produces 100,000 entities, the
## topology (runtimes/java/kafka's dev.cser.kafka.streams) groups them by access mode and counts
## them exactly once, its totals are cser records (conformance/kafka/schema/access_mode_count.cser)
## that Python reads and checks against its own computation. 25-40 s with the parts built.
## kafka-streams-parts builds the Java side only (runtimes/java/kafka's test classes, the Maven
## plugin generating AccessModeCount) and writes the same classpath file as kafka-chain-parts.
kafka-streams-parts: $(CSERC_JAR) $(PY_VENV)/installed
	$(MVN) $(MVN_FLAGS) -q -pl runtimes/java/kafka -am test-compile dependency:build-classpath \
		-Dmdep.includeScope=test -Dmdep.outputFile=$(CURDIR)/$(CHAIN_CLASSPATH)

test-kafka-streams: kafka-streams-parts
	$(PY)/python conformance/kafka/streams.py
	# Its Python under the runtime's lint settings, with the code streams.py generated and
	# Python's W3 values (runtimes/python/tests/values.py).
	cd $(PY_DIR) && $(PY)/ruff check --no-cache ../../conformance/kafka \
		&& MYPYPATH=$(CURDIR)/conformance/target/kafka/streams-python:$(CURDIR)/$(PY_DIR)/tests \
		$(PY)/mypy ../../conformance/kafka/streams.py ../../conformance/kafka/streams_check.py

## Java: the JUnit tests tagged "broker" (runtimes/java/kafka); the modules it builds first keep
## their own tests and the Maven plugin's invoker projects for test-java.
test-kafka-java:
	$(MVN) $(MVN_FLAGS) -pl runtimes/java/kafka -am package -Dtest='dev/cser/kafka/*Test' \
		-Dsurefire.failIfNoSpecifiedTests=false -Dgroups=broker -Dcser.kafka.excludedGroups= \
		-Dinvoker.skip=true

bench-report: $(BENCH_TOOLS)/installed
	$(BENCH_TOOLS)/bin/python benchmarks/report.py

clean:
	rm -rf conformance/target
	$(MVN) $(MVN_FLAGS) -q -Pall clean
	cd runtimes/rust && cargo clean
	rm -rf $(PY_VENV) $(PY_DIR)/target

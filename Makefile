# cser: build, test and demo every part of the project. Each target below is one line of what it
# does and a short recipe; the longer recipes are scripts beside the part they build or run, each
# with its usage at its top. The READMEs the lines name say more.

MVN ?= mvn
MVN_FLAGS ?= -B --no-transfer-progress -Dstyle.color=never
JAVA ?= java
PYTHON ?= python3
# The scripts read these too (and KAFKA_BROKER, PREFIX, DESTDIR when set).
export MVN MVN_FLAGS JAVA PYTHON

CSERC_JAR = tools/cserc/target/cserc.jar
RUST_ENV = CSERC=$(CURDIR)/bin/cserc
PY_DIR = runtimes/python
PY_VENV = $(PY_DIR)/.venv
PY = $(CURDIR)/$(PY_VENV)/bin
# The generated classes are built with --json: verifying them loads dev.cser.json.JsonException.
EXAMPLES_CP = runtimes/java/target/classes:runtimes/java/json/target/classes:runtimes/java/examples/target/classes
JAVA_VECTORS = runtimes/java/examples/target/vectors/index.txt
RUST_VECTORS = runtimes/rust/target/rust-vectors/index.txt

.PHONY: all build java rust python demo install uninstall \
	test test-java test-fmt test-compat test-rust test-python test-conformance across-parts test-schemagen \
	schemagen test-install test-bench bench bench-quick bench-report fuzz test-fuzz test-load \
	test-kafka test-kafka-java test-kafka-rust test-kafka-python test-kafka-chain test-kafka-fault \
	test-kafka-streams kafka-chain-parts kafka-streams-parts clean

# ---- Building ------------------------------------------------------------------------------------

## Everything: every Java module (but the benchmark and fuzz ones), the Rust workspace, the Python
## venv, then the W3 demos.
all: build rust python demo

## Every module of the Maven reactor: the compiler jar, the runtimes, the Maven plugin, the examples'
## generated code, cser-kafka (not the benchmark and fuzz modules: -Pbench, -Pfuzz). In `make test`,
## test-java's `mvn package` (tests included) builds all of it, and build waits for it instead.
ifneq ($(filter test,$(MAKECMDGOALS)),)
build: test-java
	@echo "build: built by test-java"
else
build:
	$(MVN) $(MVN_FLAGS) -q package -DskipTests
endif

## Java alone (Java 17+, Maven): the compiler jar, the Java runtime, cser-json, cser-dynamic and
## cser-maven-plugin.
java:
	$(MVN) $(MVN_FLAGS) -q package -DskipTests -pl tools/cserc,tools/maven-plugin -am

## Rust alone (cargo; Java and Maven for the compiler): the compiler jar, then the Rust workspace
## (runtimes/rust: cser, cser-build, the example crates; not cser-kafka, test-kafka-rust builds it).
rust: $(CSERC_JAR)
	cd runtimes/rust && $(RUST_ENV) cargo build

## Python alone (Python 3.10+ and a C compiler; Java and Maven for the compiler): the compiler jar,
## then the venv runtimes/python/.venv with the runtime (editable, its C accelerator compiled), the
## pinned test tools and the kafka extra.
python: $(CSERC_JAR) $(PY_VENV)/installed

## The compiler jar (tools/cserc/target/cserc.jar, run by bin/cserc) with the modules it is built
## from: the compiler, the Java runtime, cser-json and cser-dynamic.
$(CSERC_JAR):
	$(MVN) $(MVN_FLAGS) -q package -DskipTests -pl tools/cserc -am

## The Python venv; installing compiles the C accelerator (src/cser/_native), so editing it
## reinstalls.
PY_NATIVE = $(wildcard $(PY_DIR)/src/cser/_native/*.c $(PY_DIR)/src/cser/_native/*.h)
$(PY_VENV)/installed: $(PY_DIR)/pyproject.toml $(PY_DIR)/setup.py $(PY_NATIVE)
	$(PYTHON) -m venv $(PY_VENV)
	$(PY)/pip install -q --disable-pip-version-check -e '$(PY_DIR)[test,kafka]'
	echo "$(CURDIR)/$(CSERC_JAR)" > $(PY_DIR)/src/cser/_jar_path.txt
	touch $@

## The W3 demos: Sakai entities through a stream (Java); stored in SQLite by Java, edited by Python,
## checked by Rust; the same in a rolling upgrade (SPEC §5.5.1; conformance/README.md, "Across").
demo: build across-parts
	$(JAVA) -cp $(EXAMPLES_CP) dev.cser.examples.SakaiDemo
	$(PY)/python conformance/across/run_across.py --only database
	$(PY)/python conformance/across/evolution_db.py

## cserc under PREFIX (default ~/.local; DESTDIR for packagers): PREFIX/bin/cserc and
## PREFIX/share/cser/cserc.jar (tools/install); uninstall removes them.
PREFIX ?= $(HOME)/.local
install: $(CSERC_JAR)
	PREFIX='$(PREFIX)' tools/install

uninstall:
	PREFIX='$(PREFIX)' tools/install --uninstall

## Build output, the venv and the conformance cache.
clean:
	rm -rf conformance/target
	$(MVN) $(MVN_FLAGS) -q -Pall clean
	cd runtimes/rust && cargo clean
	rm -rf $(PY_VENV) $(PY_DIR)/target

# ---- Testing: `make test` runs every check below; of schemagen, fuzz and bench, their smokes -----

test: test-java test-fmt test-compat test-rust test-python test-conformance test-schemagen test-install \
	test-bench test-fuzz test-load test-kafka

## JUnit of every Java module (the compiler, cserc and its malformed-schema corpus, the runtimes,
## the examples' round trips, the Maven plugin's invoker projects) and, with -Pall, the benchmark
## module (benchmarks.jar) and the fuzz targets over their seeds.
test-java:
	$(MVN) $(MVN_FLAGS) -Pall package

## Every schema of the repository is in `cserc fmt`'s layout, but the malformed-schema corpus, the
## Maven plugin's bad-schema test and fmt's own unformatted inputs.
FMT_CHECKED = $(shell git ls-files '*.cser' | grep -v -e '^tools/cserc/src/test/resources/malformed/' \
	-e '^tools/maven-plugin/src/it/bad-schema/' -e '^compiler/src/test/resources/fmt/.*\.in\.cser$$')
test-fmt: $(CSERC_JAR)
	bin/cserc fmt --check $(FMT_CHECKED)

## The example schemas can replace those of the previous commit (`cserc compat --against`, in the
## default category and mode): what a CI job of a project using cser runs. A shallow clone without
## the previous commit has nothing to compare.
test-compat: $(CSERC_JAR)
	@if git rev-parse -q --verify HEAD~1 >/dev/null; then \
		echo "bin/cserc compat --against HEAD~1 schema/examples"; \
		bin/cserc compat --against HEAD~1 schema/examples; \
	else \
		echo "test-compat: no previous commit in this clone: nothing to compare"; \
	fi

## The bytes Java wrote, which the Rust and Python tests decode (VectorExportTest; test-java writes them too).
$(JAVA_VECTORS):
	$(MVN) $(MVN_FLAGS) -q test -Dtest=VectorExportTest -Dsurefire.failIfNoSpecifiedTests=false

## The bytes Rust wrote for the same cases, which the Python tests decode.
$(RUST_VECTORS): $(JAVA_VECTORS) $(CSERC_JAR)
	cd runtimes/rust && $(RUST_ENV) cargo test -q -p cser-examples --test java_vectors

## The Rust workspace's tests, the W3 example crate, clippy -D warnings and rustfmt (runtimes/rust/check).
test-rust: $(CSERC_JAR) $(JAVA_VECTORS)
	runtimes/rust/check

## The Python runtime's tests with the C accelerator and without, mypy --strict and ruff
## (runtimes/python/check).
test-python: $(CSERC_JAR) $(JAVA_VECTORS) $(RUST_VECTORS) $(PY_VENV)/installed
	runtimes/python/check

## The conformance suite (conformance/README.md): every vector and writer/reader pair in every
## language, the JSON mapping's edges, then streams, sockets and the database across the
## languages; clippy and rustfmt over the suites' Rust parts.
test-conformance: build $(PY_VENV)/installed across-parts
	conformance/rust-parts lint
	conformance/run
	$(PY)/python conformance/json_edges.py
	$(PY)/python conformance/across/run_across.py
	$(PY)/python conformance/across/evolution_db.py

## The Rust parts of conformance/across and conformance/load (conformance/Cargo.toml); their Java
## parts are modules of the reactor (build).
across-parts: $(CSERC_JAR) $(PY_VENV)/installed
	conformance/rust-parts build

## The schema generator's smoke: 16 random schemas of a fixed seed built and round-tripped in every
## language (conformance/schemagen/README.md).
test-schemagen: $(CSERC_JAR) $(PY_VENV)/installed
	$(PY)/python conformance/schemagen/campaign.py --smoke

## The schema campaign: SCHEMAS random schemas from SCHEMAGEN_SEED in batches of SCHEMAGEN_BATCH;
## failing schemas kept under conformance/target/schemagen/failures/.
SCHEMAS ?= 2000
SCHEMAGEN_SEED ?= 1
SCHEMAGEN_BATCH ?= 40
schemagen: $(CSERC_JAR) $(PY_VENV)/installed
	$(PY)/python conformance/schemagen/campaign.py --schemas $(SCHEMAS) --seed $(SCHEMAGEN_SEED) \
		--batch $(SCHEMAGEN_BATCH)

## cser installed as a user installs it, used from the README's standalone Java, Rust and Python
## projects outside the checkout (conformance/install/README.md).
test-install: $(CSERC_JAR)
	ls runtimes/java/target/cser-runtime-*.jar >/dev/null 2>&1 || $(MVN) $(MVN_FLAGS) -q package -DskipTests -pl runtimes/java
	conformance/install/run

## Each language's W4 receiver against 8 senders of 100,000 messages and garbage connections
## (conformance/load/README.md).
test-load: build across-parts $(PY_VENV)/installed
	$(PY)/python conformance/load/run_load.py

# ---- Fuzzing and benchmarks ---------------------------------------------------------------------

## Every coverage-guided fuzzer (cargo-fuzz, Jazzer, atheris) for FUZZ_SECONDS per target (FUZZING.md).
FUZZ_SECONDS ?= 60
fuzz: build $(PY_VENV)/installed
	runtimes/rust/fuzz/run $(FUZZ_SECONDS)
	tools/fuzz/run $(FUZZ_SECONDS)
	runtimes/python/fuzz/run $(FUZZ_SECONDS)

## A 10-second smoke of every fuzzer (each also replays its seeds and regressions first).
test-fuzz: FUZZ_SECONDS = 10
test-fuzz: fuzz

BENCH_TOOLS = benchmarks/target/tools-venv
W5_DATA = benchmarks/target/data/w5_molecules.json

## The JMH jar (benchmarks/java; the module is built only when asked for, -Pbench).
BENCH_JAR = benchmarks/java/target/benchmarks.jar
$(BENCH_JAR):
	$(MVN) $(MVN_FLAGS) -q -Pbench -pl benchmarks/java -am package -DskipTests

## Every harness's tests, lint and a one-iteration smoke, the Kafka one included (benchmarks/run smoke).
test-bench: $(CSERC_JAR) $(BENCH_JAR) $(PY_VENV)/installed
	benchmarks/run smoke

## Every benchmark: bench the full run into benchmarks/results/, bench-quick a short one into
## benchmarks/target/quick/ compared with the full run's ratios (benchmarks/README.md, "Modes").
bench bench-quick: build across-parts $(W5_DATA)
	benchmarks/run $(if $(filter bench,$@),full,quick)

## The tools venv for the W5 data and the report.
$(BENCH_TOOLS)/installed: benchmarks/requirements-tools.txt
	$(PYTHON) -m venv $(BENCH_TOOLS)
	$(BENCH_TOOLS)/bin/pip install -q --disable-pip-version-check -r benchmarks/requirements-tools.txt
	touch $@

$(W5_DATA): $(BENCH_TOOLS)/installed benchmarks/data/w5_from_smiles.py
	$(BENCH_TOOLS)/bin/python benchmarks/data/w5_from_smiles.py $@

## benchmarks/RESULTS.md rendered from benchmarks/results/.
bench-report: $(BENCH_TOOLS)/installed
	$(BENCH_TOOLS)/bin/python benchmarks/report.py

# ---- Kafka, on a real broker (conformance/kafka/README.md; each run starts and stops its own) -----

test-kafka: test-kafka-java test-kafka-rust test-kafka-python test-kafka-chain test-kafka-fault \
	test-kafka-streams

## Java's serdes: the JUnit tests tagged "broker" (runtimes/java/kafka).
test-kafka-java:
	$(MVN) $(MVN_FLAGS) -pl runtimes/java/kafka -am package -Dtest='dev/cser/kafka/*Test' \
		-Dsurefire.failIfNoSpecifiedTests=false -Dgroups=broker -Dcser.kafka.excludedGroups= \
		-Dinvoker.skip=true

## Rust's cser-kafka: its framing tests, clippy, then tests/broker.rs (runtimes/rust/check kafka).
test-kafka-rust: $(CSERC_JAR)
	runtimes/rust/check kafka

## Python's cser.kafka: W4 messages with bad records among them through a 3-partition topic.
test-kafka-python: $(CSERC_JAR) $(PY_VENV)/installed
	cd $(PY_DIR) && $(PY)/pytest -q tests/test_kafka_broker.py

## The chain's Java and Rust roles: conformance/kafka/java (classpath in CHAIN_CLASSPATH) and
## conformance/kafka/rust's chain_role, built and linted by conformance/rust-parts kafka.
CHAIN_CLASSPATH = conformance/target/kafka/chain-classpath.txt
kafka-chain-parts: kafka-streams-parts
	$(RUST_ENV) conformance/rust-parts kafka

## 100,000 W4 messages per direction, Java -> Rust -> Python -> Java and back, each relay decoding
## and encoding again: every message arrives byte-identical and in order per key; then its lint.
test-kafka-chain: kafka-chain-parts
	$(PY)/python conformance/kafka/chain.py
	conformance/kafka/lint chain

## The forward chain with the broker SIGKILLed and restarted midway: every message arrives at least
## once, byte-identical, first arrivals in order per key (about 40 s).
test-kafka-fault: kafka-chain-parts
	$(PY)/python conformance/kafka/chain.py --fault

## The Java roles of the chain and the Streams check: conformance/kafka/java's classes, their
## classpath in CHAIN_CLASSPATH.
kafka-streams-parts: $(CSERC_JAR) $(PY_VENV)/installed
	$(MVN) $(MVN_FLAGS) -q -pl conformance/kafka/java -am compile dependency:build-classpath \
		-DincludeScope=runtime -Dmdep.outputFile=$(CURDIR)/$(CHAIN_CLASSPATH)

## 100,000 W3 entities counted by access mode, exactly once, by a Kafka Streams topology in Java;
## Python reads the totals and checks them; then its lint (25-40 s with the parts built).
test-kafka-streams: kafka-streams-parts
	$(PY)/python conformance/kafka/streams.py
	conformance/kafka/lint streams

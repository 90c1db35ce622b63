# cser: build, test and demo every part of the project.
#   make        build the compiler, the Java runtime and the examples' generated code, run the demo
#   make test   run every test of every part present
#   make clean  remove build output

MVN ?= mvn
MVN_FLAGS ?= -B --no-transfer-progress -Dstyle.color=never
JAVA ?= java

EXAMPLES_CP = runtimes/java/target/classes:runtimes/java/examples/target/classes

.PHONY: all build demo test test-java clean

all: build demo

## Builds the compiler jar (compiler/target/cserc.jar, run by bin/cserc), the Java runtime, and
## the generated code of schema/examples.
build:
	$(MVN) $(MVN_FLAGS) -q package -DskipTests

## The W3 demo: writes Sakai content entities to a stream and reads them back.
demo: build
	$(JAVA) -cp $(EXAMPLES_CP) dev.cser.examples.SakaiDemo

test: test-java

## JUnit: the compiler (with its malformed-schema corpus), the Java runtime, and the round trips
## of every example schema.
test-java:
	$(MVN) $(MVN_FLAGS) package

clean:
	$(MVN) $(MVN_FLAGS) -q clean

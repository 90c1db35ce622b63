// The failed build's log: the compiler's located error with the source line and a caret, the
// count, and no stack trace (the plugin reports a bad schema as a build failure, not a crash).
def log = new File(basedir, 'build.log').getText('UTF-8')
def lines = log.readLines()

def at = lines.findIndexOf { it.contains('/src/main/cser/broken.cser:5:3: error: unknown type \'Money\'') }
assert at >= 0 : "no located error in the log:\n" + log
assert lines[at + 1].endsWith('  Money total = 2;') : "no source line after the error:\n" + log
// Both lines carry the same log prefix, so the caret sits under column 3 of the source line.
int column = lines[at + 1].indexOf('Money')
assert lines[at + 2].indexOf('^') == column : "the caret is not under the column:\n" + log
assert lines[at + 3].endsWith('1 error') : "no error count:\n" + log
assert log.contains('BUILD FAILURE')
assert !(log =~ /(?m)^\s*at [a-z]+\.[\w.$]+\(/) : "a stack trace in the log:\n" + log
assert !(log =~ /Exception:|Caused by/) : "an exception in the log:\n" + log
// Maven's footer links the kind of failure: a build failure (bad input), not an execution error.
assert log.contains('/MAVEN/MojoFailureException') : "not reported as a build failure:\n" + log
assert !new File(basedir, 'target/generated-sources/cser/.cserc-java-files').exists() : 'nothing is generated'
return true

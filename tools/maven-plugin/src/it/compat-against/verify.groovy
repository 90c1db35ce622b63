// The failed build's log: the renumbered member as a located error with its line and caret, the
// renamed field left out by the config file's ignore, and no stack trace.
def log = new File(basedir, 'build.log').getText('UTF-8')
def lines = log.readLines()
def at = lines.findIndexOf { it.contains('src/main/cser/shop.cser:5:13: error: member PAID of Status changed number from 1 to 3') }
assert at >= 0 : "no located error in the log:\n" + log
assert lines[at + 1].endsWith('  PAID    = 3;') : "no source line after the error:\n" + log
assert log.contains('wire-json, mode full: 1 error, 0 warnings, 1 ignored') : "no count line:\n" + log
assert !log.contains("renamed to 'remark'") : "the ignored finding was reported:\n" + log
assert log.contains('cser compat: the schemas cannot replace those of HEAD')
assert log.contains('BUILD FAILURE')
assert !(log =~ /(?m)^\s*at [a-z]+\.[\w.$]+\(/) : "a stack trace in the log:\n" + log
assert !(log =~ /Exception:|Caused by/) : "an exception in the log:\n" + log
assert log.contains('/MAVEN/MojoFailureException') : "not reported as a build failure:\n" + log
return true

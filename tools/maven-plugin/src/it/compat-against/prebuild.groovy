// A git repository in the project: the schema as written is commit HEAD; then the working tree
// renumbers PAID and renames a field the config file ignores.
def git(String... args) {
    def command = ['git', '-c', 'user.name=cser', '-c', 'user.email=cser@example.com'] + (args as List)
    def p = command.execute(null, basedir)
    def out = new StringBuilder()
    p.consumeProcessOutput(out, out)
    p.waitFor()
    assert p.exitValue() == 0 : "${command.join(' ')}: ${out}"
}
git('init', '-q')
git('add', '.')
git('commit', '-q', '-m', 'v1')
def schema = new File(basedir, 'src/main/cser/shop.cser')
schema.text = schema.text.replace('PAID    = 1;', 'PAID    = 3;').replace('string note   = 3;', 'string remark = 3;')
return true

package dev.cser.compiler.codegen;

import java.util.ArrayList;
import java.util.List;
import org.stringtemplate.v4.ST;
import org.stringtemplate.v4.STErrorListener;
import org.stringtemplate.v4.STGroup;
import org.stringtemplate.v4.STGroupFile;
import org.stringtemplate.v4.misc.STMessage;

/**
 * Renders an output-model object with the template of the same name as its class, from one
 * StringTemplate group per target (as ANTLR's OutputModelWalker does). A missing template or
 * any template error fails the compiler loudly: a half-rendered file is never written.
 */
public final class TemplateRenderer {
    private final STGroup group;
    private final List<String> problems = new ArrayList<>();

    /** @param groupResource a classpath resource, e.g. {@code dev/cser/compiler/codegen/java/java.stg} */
    public TemplateRenderer(String groupResource) {
        STGroupFile g = new STGroupFile(TemplateRenderer.class.getClassLoader().getResource(groupResource), "UTF-8",
                '$', '$');
        g.setListener(new STErrorListener() {
            @Override
            public void compileTimeError(STMessage msg) {
                problems.add(msg.toString());
            }

            @Override
            public void runTimeError(STMessage msg) {
                problems.add(msg.toString());
            }

            @Override
            public void IOError(STMessage msg) {
                problems.add(msg.toString());
            }

            @Override
            public void internalError(STMessage msg) {
                problems.add(msg.toString());
            }
        });
        this.group = g;
    }

    /** Renders {@code model} with the template named after its class, passing it as {@code m}. */
    public String render(Object model) {
        String name = model.getClass().getSimpleName();
        ST st = group.getInstanceOf(name);
        if (st == null) {
            throw new IllegalStateException("no template '" + name + "' in " + group.getName()
                    + (problems.isEmpty() ? "" : ":\n" + String.join("\n", problems)));
        }
        st.add("m", model);
        String text = st.render(100);
        if (!problems.isEmpty()) {
            String all = String.join("\n", problems);
            problems.clear();
            throw new IllegalStateException("template errors rendering " + name + ":\n" + all);
        }
        return text;
    }
}

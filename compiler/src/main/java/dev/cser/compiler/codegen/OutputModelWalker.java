package dev.cser.compiler.codegen;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stringtemplate.v4.Interpreter;
import org.stringtemplate.v4.ModelAdaptor;
import org.stringtemplate.v4.ST;
import org.stringtemplate.v4.STErrorListener;
import org.stringtemplate.v4.STGroup;
import org.stringtemplate.v4.STGroupFile;
import org.stringtemplate.v4.misc.ObjectModelAdaptor;
import org.stringtemplate.v4.misc.STMessage;
import org.stringtemplate.v4.misc.STNoSuchPropertyException;

/**
 * Renders an output model the way ANTLR 4's {@code OutputModelWalker} does: each model object
 * with the template named after its class, taking the object as its first argument and each of
 * its {@link ModelElement} components, already rendered, as the argument of the same name. So
 * which code a kind of type or operation gets is decided by the class the model builder chose,
 * never by a template name computed from a string. A missing template, a template argument the
 * model does not supply, or any template error fails the compiler loudly: a half-rendered file
 * is never written.
 */
public final class OutputModelWalker {
    private final STGroup group;
    private final List<String> problems = new ArrayList<>();

    /** @param groupResource a classpath resource, e.g. {@code dev/cser/compiler/codegen/rust/rust.stg} */
    public OutputModelWalker(String groupResource) {
        STGroupFile g = new STGroupFile(OutputModelWalker.class.getClassLoader().getResource(groupResource), "UTF-8",
                '$', '$');
        g.setListener(new Listener());
        g.registerModelAdaptor(Record.class, new RecordAdaptor());
        this.group = g;
    }

    /**
     * Renders a file's root model object; its template also receives {@code options}, which every
     * template below it sees by dynamic scoping.
     */
    public String render(Object root, GeneratorOptions options) {
        ST st = walk(root);
        st.add("options", options);
        String text = st.render(100);
        failOnProblems(root.getClass().getSimpleName());
        return text;
    }

    /** The template instance for {@code model}, with its model elements walked in turn. */
    public ST walk(Object model) {
        String name = model.getClass().getSimpleName();
        ST st = group.getInstanceOf(name);
        if (st == null) {
            failOnProblems(name);
            throw new IllegalStateException("no template '" + name + "' in " + group.getName());
        }
        if (st.impl.formalArguments == null || st.impl.formalArguments.isEmpty()) {
            throw new IllegalStateException("template '" + name + "' must take the model object as its first argument");
        }
        st.add(st.impl.formalArguments.keySet().iterator().next(), model);
        for (Element e : elements(model)) {
            if (e.value() instanceof Collection<?> items) {
                List<ST> rendered = new ArrayList<>();
                for (Object item : items) {
                    rendered.add(walk(item));
                }
                st.add(e.name(), rendered);
            } else if (e.value() != null) {
                st.add(e.name(), walk(e.value()));
            }
        }
        return st;
    }

    private record Element(String name, Object value) {}

    private static List<Element> elements(Object model) {
        List<Element> out = new ArrayList<>();
        try {
            if (model instanceof Record) {
                for (RecordComponent c : model.getClass().getRecordComponents()) {
                    if (c.isAnnotationPresent(ModelElement.class)) {
                        out.add(new Element(c.getName(), c.getAccessor().invoke(model)));
                    }
                }
            } else {
                for (Field f : model.getClass().getFields()) {
                    if (f.isAnnotationPresent(ModelElement.class)) {
                        out.add(new Element(f.getName(), f.get(model)));
                    }
                }
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read the model of " + model.getClass().getSimpleName(), e);
        }
        return out;
    }

    private void failOnProblems(String name) {
        if (!problems.isEmpty()) {
            String all = String.join("\n", problems);
            problems.clear();
            throw new IllegalStateException("template errors rendering " + name + ":\n" + all);
        }
    }

    /**
     * Templates read a record's components by name ({@code $f.name$} calls {@code name()}). The
     * accessors are looked up once per record class: reflection per property read was most of
     * the time spent rendering a large schema.
     */
    private static final class RecordAdaptor implements ModelAdaptor<Record> {
        private final ObjectModelAdaptor<Object> fallback = new ObjectModelAdaptor<>();
        private final Map<Class<?>, Map<String, Method>> accessors = new ConcurrentHashMap<>();

        @Override
        public Object getProperty(Interpreter interp, ST self, Record model, Object property, String propertyName)
                throws STNoSuchPropertyException {
            Method accessor = accessors.computeIfAbsent(model.getClass(), RecordAdaptor::accessorsOf).get(propertyName);
            if (accessor == null) {
                return fallback.getProperty(interp, self, model, property, propertyName);
            }
            try {
                return accessor.invoke(model);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new STNoSuchPropertyException(e, model, propertyName);
            }
        }

        private static Map<String, Method> accessorsOf(Class<?> type) {
            Map<String, Method> out = new HashMap<>();
            for (RecordComponent c : type.getRecordComponents()) {
                Method accessor = c.getAccessor();
                accessor.setAccessible(true);
                out.put(c.getName(), accessor);
            }
            return out;
        }
    }

    private final class Listener implements STErrorListener {
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
    }
}

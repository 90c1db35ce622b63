package dev.cser.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The walker renders each model object with the template of its class, and fails loudly. */
class OutputModelWalkerTest {
    private static final String GROUP = "dev/cser/compiler/codegen/walker_test.stg";

    record Root(String title, @ModelElement List<Object> items) {}

    record Greeting(String name) {}

    record Pair(@ModelElement Greeting left, @ModelElement Greeting right) {}

    record Unknown() {}

    record Undeclared(@ModelElement Greeting extra) {}

    @Test
    void rendersEachObjectWithTheTemplateOfItsClass() {
        Root root = new Root("demo", List.of(new Greeting("ada"), new Pair(new Greeting("a"), new Greeting("b"))));
        String text = new OutputModelWalker(GROUP).render(root, new GeneratorOptions(true));
        assertEquals("demo (json)\nhello ada\n[hello a | hello b]", text);
    }

    @Test
    void aModelObjectWithoutATemplateFails() {
        Root root = new Root("x", List.of(new Unknown()));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new OutputModelWalker(GROUP).render(root, GeneratorOptions.DEFAULT));
        assertTrue(e.getMessage().contains("no template 'Unknown'"), e.getMessage());
    }

    @Test
    void aModelElementTheTemplateDoesNotDeclareFails() {
        Root root = new Root("x", List.of(new Undeclared(new Greeting("g"))));
        assertThrows(IllegalArgumentException.class,
                () -> new OutputModelWalker(GROUP).render(root, GeneratorOptions.DEFAULT));
    }

    @Test
    void aTemplateErrorFailsTheRender() {
        Root root = new Root("x", List.of(new Greeting(null)));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new OutputModelWalker("dev/cser/compiler/codegen/walker_broken.stg")
                        .render(root, GeneratorOptions.DEFAULT));
        assertTrue(e.getMessage().contains("template errors"), e.getMessage());
    }
}

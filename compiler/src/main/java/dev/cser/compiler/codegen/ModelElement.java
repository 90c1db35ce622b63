package dev.cser.compiler.codegen;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component of an output-model record that is itself output model: the
 * {@link OutputModelWalker} renders it (or each element of it, for a list) with the template
 * named after its class, and passes the result to the parent's template under the component's
 * name. Other components are plain data the template reads ({@code $m.name$}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface ModelElement {}

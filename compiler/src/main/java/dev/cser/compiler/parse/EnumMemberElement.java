package dev.cser.compiler.parse;

import dev.cser.compiler.diag.Location;

/** An enum member as written; the value is text (it may be negative or too large). */
public record EnumMemberElement(Location location, String name, String value, Location valueLocation, String doc) {}

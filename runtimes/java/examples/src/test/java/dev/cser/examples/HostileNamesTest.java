package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.cser.CserDecodeException;
import edge.static_.DecodeError;
import edge.static_.Expr;
import edge.static_.ExprLit;
import edge.static_.Holder;
import edge.static_.Message;
import edge.static_.Reader;
import edge.static_.Writer;
import org.junit.jupiter.api.Test;
import r_.U;
import r_.V;

/**
 * edge_hostile.cser: schema names that meet after Java's conversions (SPEC §12.1) stay apart, in
 * the package edge.static (a keyword, so edge.static_ in Java); that the code compiles under
 * -Xlint:all is half the test, and the values keep every field and tag.
 */
class HostileNamesTest {

    @Test
    void fieldsWhoseAccessorsWouldMeetKeepTheirOwnValues() throws CserDecodeException {
        Reader r = new Reader().setAB("a_b").setAB2("a__b").setEnabled(true).setIsEnabled4(false)
                .setClass_("class").setClass6("class_").setUnknownFields_("unknown_fields")
                .setUnknownFields8("unknown_fields_").setJava("java").setDev("dev").setFooBar("foo_bar")
                .setFooBar12("foo__bar");
        Reader back = Reader.decode(r.encode());
        assertEquals(r, back);
        assertEquals("a_b", back.getAB());
        assertEquals("a__b", back.getAB2());
        assertEquals(true, back.isEnabled());
        assertEquals(false, back.isEnabled4());
        assertEquals("class", back.getClass_());
        assertEquals("class_", back.getClass6());
        assertEquals("unknown_fields", back.getUnknownFields_());
        assertEquals("unknown_fields_", back.getUnknownFields8());
        assertEquals("java", back.getJava());
        assertEquals("dev", back.getDev());
        assertEquals("foo_bar", back.getFooBar());
        assertEquals("foo__bar", back.getFooBar12());
        assertEquals(false, back.hasUnknownFields());
    }

    @Test
    void variantsThatMeetAfterPascalCaseKeepTheirTags() throws CserDecodeException {
        // Tag 3 (a__b) decodes to its own record and encodes as tag 3 again, not as tag 2 (a_b).
        byte[] tag3 = new Expr.AB3("x").encode();
        assertEquals(3, tag3[0]);
        Expr decoded = Expr.decode(tag3);
        assertInstanceOf(Expr.AB3.class, decoded);
        assertEquals(3, decoded.tag());
        assertArrayEquals(tag3, decoded.encode());
        Expr ab = Expr.decode(new Expr.AB("y").encode());
        assertInstanceOf(Expr.AB.class, ab);
        assertEquals(2, ab.tag());
        // The variant named like its union, and one named like a top-level class.
        assertEquals(new Expr.ExprVariant(true), Expr.decode(new Expr.ExprVariant(true).encode()));
        Expr reader = Expr.decode(new Expr.Reader(new Reader().setAB("r")).encode());
        assertEquals(5, reader.tag());
        assertEquals("r", ((Expr.Reader) reader).value().getAB());
    }

    @Test
    void membersNamedLikeGeneratedOnesAndTypesNamedLikeRuntimeOnes() throws CserDecodeException {
        assertEquals(DecodeError.VALUES, DecodeError.forNumber(0));
        assertEquals(4, DecodeError.values().size());
        assertNotSame(DecodeError.A_B, DecodeError.A__B);
        Holder h = new Holder().setExpr(new Expr.Lit(-7L)).setReader(new Reader().setAB2("z"))
                .setWriter(new Writer().setX(1).setX2(2)).setError(DecodeError.A__B)
                .setLit(new ExprLit().setValue(9L)).setMessage(new Message());
        Holder back = Holder.decode(h.encode());
        assertEquals(h, back);
        assertEquals(DecodeError.A__B, back.getError());
        assertEquals(2, back.getWriter().getX2());
    }

    @Test
    void aPackageNamedLikeAParameterOfTheGeneratedMethods() throws CserDecodeException {
        // java_locals.cser: package r, whose union names r.V inside methods with a reader r.
        U u = new U.V(new V().setN(5));
        U back = U.decode(u.encode());
        assertEquals(u, back);
        assertEquals(5, ((U.V) back).value().getN());
        assertEquals("r_", V.class.getPackageName());
    }
}

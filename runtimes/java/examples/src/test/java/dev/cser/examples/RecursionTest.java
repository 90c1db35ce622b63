package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserDecodeException;
import dev.cser.CserEncodeException;
import dev.cser.CserReader;
import dev.cser.CserWriter;
import dev.cser.DecodeErrorKind;
import edge.cases.BinOp;
import edge.cases.Expr;
import edge.cases.Lit;
import edge.cases.Node;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Recursive types: trees through lists, optionals and unions, and the depth limit. */
class RecursionTest {

    @Test
    void treeThroughListsAndOptionals() throws CserDecodeException {
        Node tree = new Node().setLabel("root").setChildren(new ArrayList<>(List.of(
                new Node().setLabel("a"),
                new Node().setLabel("b").setChildren(new ArrayList<>(List.of(new Node().setLabel("b1")))))))
                .setNext(new Node().setLabel("sibling"));
        byte[] bytes = tree.encode();
        Node back = Node.decode(bytes);
        assertEquals(tree, back);
        assertArrayEquals(bytes, back.encode());
    }

    @Test
    void depthLimitIsExactlySixtyFour() throws CserDecodeException {
        Node ok = EdgeValues.chain(64);
        assertEquals(ok, Node.decode(ok.encode()));

        // One level more: the encoder refuses it with the default limit...
        assertThrows(CserEncodeException.class, () -> EdgeValues.chain(65).encode());
        // ...and bytes written with a higher limit are refused by a default decoder, cleanly.
        CserWriter w = new CserWriter().withMaxDepth(1000);
        EdgeValues.chain(65).encodeTo(w);
        byte[] bytes = w.toByteArray();
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> Node.decode(bytes));
        assertEquals(DecodeErrorKind.DEPTH_EXCEEDED, e.kind());
        assertTrue(e.path().startsWith("Node.next"), e.path());
        // A decoder told to allow more reads them.
        assertEquals(EdgeValues.chain(65), Node.decode(new CserReader(bytes).withMaxDepth(65)));
    }

    @Test
    void veryDeepInputIsAnErrorNotAStackOverflow() {
        CserWriter w = new CserWriter().withMaxDepth(100_000);
        EdgeValues.chain(3_000).encodeTo(w);
        byte[] bytes = w.toByteArray();
        assertEquals(DecodeErrorKind.DEPTH_EXCEEDED,
                assertThrows(CserDecodeException.class, () -> Node.decode(bytes)).kind());
    }

    @Test
    void expressionTreeThroughAUnion() throws CserDecodeException {
        Expr e = new Expr.Bin(new BinOp().setOp("+")
                .setLeft(new Expr.Lit(new Lit().setValue(-2)))
                .setRight(new Expr.Call(List.of(new Expr.Name("f"), new Expr.Lit(new Lit().setValue(40))))));
        byte[] bytes = e.encode();
        Expr back = Expr.decode(bytes);
        assertEquals(e, back);
        assertArrayEquals(bytes, back.encode());
        assertEquals(new Expr.Lit(new Lit()), Expr.zero());
        assertEquals(Expr.zero(), new BinOp().getLeft());
    }

    @Test
    void anUnknownVariantIsKeptAndWrittenBack() throws CserDecodeException {
        byte[] bytes = new Expr.Name("x").encode();
        bytes[0] = 9;
        Expr e = Expr.decode(bytes);
        Expr.Unknown u = assertInstanceOf(Expr.Unknown.class, e);
        assertEquals(9, u.tag());
        assertArrayEquals(bytes, e.encode());
        // An unknown variant of another union cannot pose as one of Expr's own variants: Shape has
        // no tag 4, Expr does.
        dev.cser.UnknownVariant four = ((spec.examples.Shape.Unknown) spec.examples.Shape.decode(new byte[] {4, 0})).value();
        assertThrows(IllegalArgumentException.class, () -> new Expr.Unknown(four));
        bytes[0] = 0;
        CserDecodeException zero = assertThrows(CserDecodeException.class, () -> Expr.decode(bytes));
        assertEquals(DecodeErrorKind.UNKNOWN_UNION_TAG, zero.kind());
    }
}

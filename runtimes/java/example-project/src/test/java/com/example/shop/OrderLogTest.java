package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import shop.money.Amount;
import shop.orders.Line;
import shop.orders.Order;
import shop.orders.Status;

/** The classes the cser-maven-plugin generated from src/main/cser, used as any program would. */
class OrderLogTest {
    private static Order order(long id, String customer, Status status) {
        return new Order()
                .setId(id)
                .setCustomer(customer)
                .setLines(List.of(new Line().setSku("tea-250g").setQuantity(2).setPrice(new Amount().setUnits(450).setCurrency("EUR"))))
                .setStatus(status);
    }

    @Test
    void anOrderEncodesAndDecodes() throws Exception {
        Order order = order(7, "Ada", Status.PAID).setNote("gift wrap");
        byte[] bytes = order.encode();
        Order back = Order.decode(bytes);
        assertEquals(order, back);
        assertEquals("gift wrap", back.getNote());
        assertEquals(450, back.getLines().get(0).getPrice().getUnits());
        assertArrayEquals(bytes, back.encode());
    }

    @Test
    void anAbsentOptionalStaysAbsent() throws Exception {
        assertNull(Order.decode(order(8, "Grace", Status.OPEN).encode()).getNote());
    }

    @Test
    void theOrderLogIsAStreamReadBackInOrder() throws Exception {
        List<Order> orders = List.of(order(1, "Ada", Status.OPEN), order(2, "Grace", Status.SHIPPED));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OrderLog.write(out, orders);
        byte[] stream = out.toByteArray();
        assertEquals("CSER", new String(stream, 0, 4, java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(orders, OrderLog.read(new ByteArrayInputStream(stream)));
    }

    @Test
    void aCutMessageIsADecodeErrorInsideIt() {
        byte[] bytes = order(9, "Linus", Status.PAID).encode();
        CserDecodeException e = assertThrows(CserDecodeException.class,
                () -> Order.decode(Arrays.copyOf(bytes, bytes.length - 1)));
        // The last byte belongs to the list of lines, whose length prefix now runs past the end.
        assertEquals(DecodeErrorKind.LENGTH_TOO_LARGE, e.kind(), e.getMessage());
        assertTrue(e.offset() < bytes.length - 1, e.getMessage());
    }
}

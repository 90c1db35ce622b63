package com.example.shop;

import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import shop.orders.Order;

/** The shop's order log: orders appended to a cser stream (SPEC §8) and read back in order. */
public final class OrderLog {
    private OrderLog() {}

    /** Writes the stream header, then one frame per order. */
    public static void write(OutputStream out, List<Order> orders) throws IOException {
        try (CserStreamWriter<Order> writer = new CserStreamWriter<>(out, Order.CODEC)) {
            for (Order order : orders) {
                writer.write(order);
            }
        }
    }

    /** Every order of a stream written by {@link #write}; a bad stream throws CserDecodeException. */
    public static List<Order> read(InputStream in) throws IOException {
        List<Order> orders = new ArrayList<>();
        try (CserStreamReader<Order> reader = new CserStreamReader<>(in, Order.CODEC)) {
            for (Order order = reader.read(); order != null; order = reader.read()) {
                orders.add(order);
            }
        }
        return orders;
    }
}

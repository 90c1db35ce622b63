package dev.cser.examples;

import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import sakai.content.ContentResource;

/**
 * The demo that {@code make} runs (seed 002's setting): writes Sakai content entities to a
 * cser stream file, reads them back, checks every one, and prints what it cost.
 */
public final class SakaiDemo {
    private SakaiDemo() {}

    public static void main(String[] args) throws IOException {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        Path file = Files.createTempFile("sakai-entities", ".cser");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file));
                    CserStreamWriter<ContentResource> writer = new CserStreamWriter<>(out, ContentResource.CODEC)) {
                for (int n = 0; n < count; n++) {
                    writer.write(SakaiData.entity(n));
                }
            }
            int read = 0;
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file));
                    CserStreamReader<ContentResource> reader = new CserStreamReader<>(in, ContentResource.CODEC)) {
                for (ContentResource r = reader.read(); r != null; r = reader.read()) {
                    if (!r.equals(SakaiData.entity(read))) {
                        throw new IllegalStateException("entity " + read + " did not survive the round trip: " + r);
                    }
                    read++;
                }
            }
            if (read != count) {
                throw new IllegalStateException("wrote " + count + " entities, read " + read);
            }
            long size = Files.size(file);
            byte[] one = SakaiData.seedEntity().encode();
            System.out.printf("W3 demo: wrote and read back %,d Sakai content entities: %,d bytes in the stream file"
                    + " (%.1f bytes per entity; the seed entity alone is %d bytes)%n",
                    count, size, (double) size / count, one.length);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}

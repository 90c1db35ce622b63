package dev.cser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writers' schemas a reader may meet, as canonical texts (SPEC §8.1) keyed by the fingerprint
 * each hashes to (§8), and the verdict of comparing each with a reader's schema (§9.1), worked out
 * once per writer and reader type. Give one to {@link CserStreamReader#withKnownSchemas}; it is
 * safe to share between threads and readers.
 *
 * <p>A directory of known schemas holds one canonical text per file ending in
 * {@code .canonical}, as {@code cserc canonical} writes them.
 */
public final class KnownSchemas {
    /** A verdict's key: the writer's fingerprint, the reader's, and the reader's root type. */
    private record Key(long writerFingerprint, long readerFingerprint, long readerTypeId) {}

    private final Map<Long, SchemaText> schemas = new ConcurrentHashMap<>();
    private final Map<Key, Optional<String>> verdicts = new ConcurrentHashMap<>();

    /** An empty set. */
    public KnownSchemas() {}

    /**
     * A set of these canonical texts.
     *
     * @throws IllegalArgumentException if one is not a canonical text
     */
    public static KnownSchemas of(String... canonicalTexts) {
        KnownSchemas known = new KnownSchemas();
        for (String t : canonicalTexts) {
            known.add(t);
        }
        return known;
    }

    /**
     * A set of the canonical texts in every file of {@code dir} whose name ends in
     * {@code .canonical}.
     *
     * @throws IOException if the directory or a file cannot be read
     * @throws IllegalArgumentException if a file does not hold a canonical text (the message names it)
     */
    public static KnownSchemas fromDirectory(Path dir) throws IOException {
        KnownSchemas known = new KnownSchemas();
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.canonical")) {
            entries.forEach(files::add);
        }
        files.sort(null);
        for (Path f : files) {
            try {
                known.add(Files.readString(f, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(f + ": " + e.getMessage(), e);
            }
        }
        return known;
    }

    /**
     * Adds a canonical text.
     *
     * @return its fingerprint (SPEC §8)
     * @throws IllegalArgumentException if it is not a canonical text
     */
    public long add(String canonicalText) {
        SchemaText parsed = SchemaText.parse(canonicalText);
        long fingerprint = fingerprint(canonicalText);
        schemas.putIfAbsent(fingerprint, parsed);
        return fingerprint;
    }

    /** The canonical text whose fingerprint this is, if known. */
    public Optional<String> text(long fingerprint) {
        SchemaText s = schemas.get(fingerprint);
        return s == null ? Optional.empty() : Optional.of(s.text());
    }

    /** Whether the schema of this fingerprint is known. */
    public boolean contains(long fingerprint) {
        return schemas.containsKey(fingerprint);
    }

    /**
     * The first difference that makes the bytes of the writer of {@code writerFingerprint} misread
     * or fail with {@code reader}'s schema (SPEC §9.1), or empty when they read correctly; compared
     * once per writer and reader type, then remembered.
     *
     * @throws IllegalArgumentException if the writer's schema is not known
     */
    public Optional<String> difference(long writerFingerprint, CserCodec<?> reader) {
        if (writerFingerprint == reader.fingerprint()) {
            return Optional.empty();
        }
        SchemaText writer = schemas.get(writerFingerprint);
        if (writer == null) {
            throw new IllegalArgumentException(String.format("no known schema has fingerprint %016x", writerFingerprint));
        }
        return verdicts.computeIfAbsent(new Key(writerFingerprint, reader.fingerprint(), reader.typeId()),
                k -> SchemaCompat.difference(writer, SchemaText.parse(reader.canonicalText()), reader.typeName()));
    }

    /** The fingerprint of a canonical text (SPEC §8): the first 8 bytes of its SHA-256, little-endian. */
    public static long fingerprint(String canonicalText) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(canonicalText.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 7; i >= 0; i--) {
                v = (v << 8) | (hash[i] & 0xFF);
            }
            return v;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }
}

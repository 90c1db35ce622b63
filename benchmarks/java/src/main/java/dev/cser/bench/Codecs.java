package dev.cser.bench;

import com.esotericsoftware.kryo.Kryo;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cser.bench.pojo.Atom;
import dev.cser.bench.pojo.Audit;
import dev.cser.bench.pojo.Bond;
import dev.cser.bench.pojo.ContentResource;
import dev.cser.bench.pojo.EmptyData;
import dev.cser.bench.pojo.EmptyDataSet;
import dev.cser.bench.pojo.Employee;
import dev.cser.bench.pojo.Image;
import dev.cser.bench.pojo.Media;
import dev.cser.bench.pojo.MediaContent;
import dev.cser.bench.pojo.Message;
import dev.cser.bench.pojo.Molecule;
import dev.cser.bench.pojo.MoleculeSet;
import dev.cser.bench.pojo.Staff;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;

/** The peers, configured once here for the benchmarks, {@link Sizes} and the tests. */
public final class Codecs {
    private Codecs() {}

    /**
     * Kryo 5 the way jvm-serializers' "kryo-registered-flat" entry uses it: every class
     * registered (registration required), references off, the default {@code FieldSerializer}.
     */
    public static Kryo kryo() {
        Kryo kryo = new Kryo();
        kryo.setReferences(false);
        kryo.setRegistrationRequired(true);
        kryo.register(ArrayList.class);
        kryo.register(LinkedHashMap.class);
        kryo.register(byte[].class);
        kryo.register(MediaContent.class);
        kryo.register(Media.Player.class);
        kryo.register(Media.class);
        kryo.register(Image.Size.class);
        kryo.register(Image.class);
        kryo.register(ContentResource.AccessMode.class);
        kryo.register(Audit.class);
        kryo.register(ContentResource.class);
        kryo.register(EmptyData.class);
        kryo.register(EmptyDataSet.class);
        kryo.register(Employee.class);
        kryo.register(Staff.class);
        kryo.register(Message.class);
        kryo.register(float[].class);
        kryo.register(double[].class);
        kryo.register(Bond.Order.class);
        kryo.register(Bond.Stereo.class);
        kryo.register(Atom.class);
        kryo.register(Bond.class);
        kryo.register(Molecule.class);
        kryo.register(MoleculeSet.class);
        return kryo;
    }

    /**
     * Fory's fastest Java mode, as jvm-serializers' "fury-fastest" entry sets it: classes
     * registered, no reference tracking, schema-consistent (no type metadata), no number or
     * string compression.
     */
    public static Fory foryFastest() {
        return register(Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withRefTracking(false)
                .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
                .withNumberCompressed(false)
                .withStringCompressed(false)
                .build());
    }

    /**
     * Fory's schema-evolution mode, the counterpart of cser records: classes registered, no
     * reference tracking, {@code COMPATIBLE} (field metadata on the wire), Fory's default
     * number and string compression.
     */
    public static Fory foryCompatible() {
        return register(Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withRefTracking(false)
                .withCompatibleMode(CompatibleMode.COMPATIBLE)
                .build());
    }

    private static Fory register(Fory fory) {
        fory.register(MediaContent.class);
        fory.register(Media.Player.class);
        fory.register(Media.class);
        fory.register(Image.Size.class);
        fory.register(Image.class);
        fory.register(ContentResource.AccessMode.class);
        fory.register(Audit.class);
        fory.register(ContentResource.class);
        fory.register(EmptyData.class);
        fory.register(EmptyDataSet.class);
        fory.register(Employee.class);
        fory.register(Staff.class);
        fory.register(Message.class);
        fory.register(Bond.Order.class);
        fory.register(Bond.Stereo.class);
        fory.register(Atom.class);
        fory.register(Bond.class);
        fory.register(Molecule.class);
        fory.register(MoleculeSet.class);
        return fory;
    }

    /**
     * Jackson (jackson-databind) with its defaults: JSON of the plain classes' public fields,
     * enums by name, {@code byte[]} as base64, nulls written.
     */
    public static ObjectMapper jackson() {
        return new ObjectMapper();
    }
}

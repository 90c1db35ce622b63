package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bench.employee.Employee;
import bench.employee.Staff;
import bench.empty.EmptyDataRecord;
import bench.empty.EmptyDataSet;
import bench.media.MediaContent;
import bench.message.Message;
import chem.Molecule;
import chem.MoleculeSet;
import dev.cser.CserDecodeException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import sakai.content.ContentResource;

/** Each workload's record round-trips, with its exact encoded size (sizes are part of the contract). */
class WorkloadRoundTripTest {

    @Test
    void w1EmptyDataMillionIsTwoBytesEach() throws CserDecodeException {
        EmptyDataSet set = Workloads.emptyDataSet(1_000_000);
        byte[] bytes = set.encode();
        // record length (3 bytes) + count (3 bytes) + 2 bytes per element.
        assertEquals(2_000_006, bytes.length);
        assertEquals(set, EmptyDataSet.decode(bytes));
        assertEquals("02 00 00", Hex.of(new EmptyDataRecord().encode()));
    }

    @Test
    void w2Employee() throws CserDecodeException {
        Employee e = Workloads.employee(17);
        byte[] bytes = e.encode();
        assertEquals(e, Employee.decode(bytes));
        // length, 3 strings (10+11+9 chars, 1 length byte each), salary 34017 (3 varint bytes), level.
        assertEquals(38, bytes.length);
        List<Employee> all = new ArrayList<>();
        for (int n = 0; n < 5000; n++) {
            all.add(Workloads.employee(n));
        }
        Staff staff = new Staff().setEmployees(all);
        assertEquals(staff, Staff.decode(staff.encode()));
    }

    @Test
    void w3SakaiEntities() throws CserDecodeException {
        for (int n = 0; n < 200; n++) {
            ContentResource r = SakaiData.entity(n);
            byte[] bytes = r.encode();
            ContentResource back = ContentResource.decode(bytes);
            assertEquals(r, back);
            assertArrayEquals(bytes, back.encode());
        }
        assertEquals(702, SakaiData.seedEntity().encode().length);
    }

    @Test
    void w4Message() throws CserDecodeException {
        Message m = Workloads.message(12345);
        assertEquals(m, Message.decode(m.encode()));
        // length, type, active, "User_12345" (11), userid 12345 (3 varint bytes), "data 12345" (11).
        assertEquals(28, m.encode().length);
    }

    @Test
    void w5Molecule() throws CserDecodeException {
        Molecule m = Workloads.ethanol();
        byte[] bytes = m.encode();
        assertEquals(m, Molecule.decode(bytes));
        MoleculeSet set = new MoleculeSet().setMolecules(new ArrayList<>(List.of(m, new Molecule().setName("empty"))));
        assertEquals(set, MoleculeSet.decode(set.encode()));
        // length, name (8), 3 atoms (1 + 3x4), 2 bonds (1 + 2x4), presence byte, 6 packed f32 (1 + 24).
        assertEquals(57, bytes.length);
    }

    @Test
    void w6MediaContent() throws CserDecodeException {
        MediaContent mc = Workloads.mediaContent();
        byte[] bytes = mc.encode();
        MediaContent back = MediaContent.decode(bytes);
        assertEquals(mc, back);
        assertArrayEquals(bytes, back.encode());
        assertEquals(222, bytes.length);
    }
}

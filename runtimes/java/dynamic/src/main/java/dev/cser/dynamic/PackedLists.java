package dev.cser.dynamic;

import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists of bool and number types. Generated Java reads them into primitive arrays with the
 * reader's array methods, whose count bounds (× 4 for f32, × 8 for f64) and errors are the
 * reference; reading through the same methods and boxing keeps those exactly.
 */
final class PackedLists {
    private PackedLists() {}

    static List<Object> read(Scalar element, CserReader r) throws CserDecodeException {
        switch (element) {
            case BOOL: {
                boolean[] a = r.readBoolArray();
                List<Object> out = new ArrayList<>(a.length);
                for (boolean v : a) {
                    out.add(v);
                }
                return out;
            }
            case I8:
            case U8:
                return bytes(element == Scalar.I8 ? r.readI8Array() : r.readU8Array());
            case I16:
            case U16: {
                short[] a = element == Scalar.I16 ? r.readI16Array() : r.readU16Array();
                List<Object> out = new ArrayList<>(a.length);
                for (short v : a) {
                    out.add(v);
                }
                return out;
            }
            case I32:
            case U32: {
                int[] a = element == Scalar.I32 ? r.readI32Array() : r.readU32Array();
                List<Object> out = new ArrayList<>(a.length);
                for (int v : a) {
                    out.add(v);
                }
                return out;
            }
            case I64:
            case U64: {
                long[] a = element == Scalar.I64 ? r.readI64Array() : r.readU64Array();
                List<Object> out = new ArrayList<>(a.length);
                for (long v : a) {
                    out.add(v);
                }
                return out;
            }
            case F32: {
                float[] a = r.readF32Array();
                List<Object> out = new ArrayList<>(a.length);
                for (float v : a) {
                    out.add(v);
                }
                return out;
            }
            case F64: {
                double[] a = r.readF64Array();
                List<Object> out = new ArrayList<>(a.length);
                for (double v : a) {
                    out.add(v);
                }
                return out;
            }
            default:
                throw new IllegalArgumentException("not a packed element type: " + element);
        }
    }

    private static List<Object> bytes(byte[] a) {
        List<Object> out = new ArrayList<>(a.length);
        for (byte v : a) {
            out.add(v);
        }
        return out;
    }
}

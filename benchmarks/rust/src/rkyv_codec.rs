//! rkyv 0.8 on the peer structs, behind one interface per type (rkyv's generic bounds are long,
//! so each peer type gets its impl from a macro instead).
//!
//! - encode: `to_bytes_in_with_alloc` into a reused, cleared `AlignedVec` with a reused
//!   [`Arena`] for scratch space (rkyv's recommended reuse);
//! - access: `rkyv::access`, the bytes validated by bytecheck, nothing built (`decode_lazy`);
//! - decode: that access, then `rkyv::deserialize` into the owned peer type, so it builds the
//!   same `String`s, `Vec`s and `IndexMap`s as every other decoder.

use rkyv::rancor::Error;
use rkyv::ser::allocator::Arena;
use rkyv::util::AlignedVec;

use crate::peer;

/// A peer type rkyv archives.
pub trait RkyvCodec: Sized {
    /// The archived form (`rkyv::Archived<Self>`).
    type Archived;
    /// Appends the archive of `self` to `buf`.
    fn rkyv_encode(&self, buf: &mut AlignedVec, arena: &mut Arena);
    /// The archived value, or bytecheck's error when `bytes` (16-byte aligned) are no archive.
    fn rkyv_check(bytes: &[u8]) -> Result<&Self::Archived, Error>;
    /// The archived value, after validating `bytes` (which must be 16-byte aligned).
    #[inline]
    fn rkyv_access(bytes: &[u8]) -> &Self::Archived {
        Self::rkyv_check(bytes).expect("rkyv validates")
    }
    /// Validated access, then full deserialization.
    fn rkyv_decode(bytes: &[u8]) -> Self;
}

macro_rules! rkyv_codec {
    ($($t:ty),*) => {$(
        impl RkyvCodec for $t {
            type Archived = rkyv::Archived<$t>;
            #[inline]
            fn rkyv_encode(&self, buf: &mut AlignedVec, arena: &mut Arena) {
                rkyv::api::high::to_bytes_in_with_alloc::<_, _, Error>(self, buf, arena.acquire())
                    .expect("rkyv encodes");
            }
            #[inline]
            fn rkyv_check(bytes: &[u8]) -> Result<&Self::Archived, Error> {
                rkyv::access::<Self::Archived, Error>(bytes)
            }
            #[inline]
            fn rkyv_decode(bytes: &[u8]) -> Self {
                rkyv::deserialize::<$t, Error>(Self::rkyv_access(bytes)).expect("rkyv deserializes")
            }
        }
    )*};
}

rkyv_codec!(
    peer::EmptyDataSet,
    peer::Staff,
    peer::ContentResource,
    peer::Message,
    peer::MoleculeSet,
    peer::MediaContent
);

/// rkyv: the archive of `value` into a cleared, reused buffer, with a reused arena.
#[inline]
pub fn rkyv_encode<R: RkyvCodec>(value: &R, buf: &mut AlignedVec, arena: &mut Arena) {
    buf.clear();
    value.rkyv_encode(buf, arena);
}

//! The bodies of the REST API as utoipa names them and schemars describes them.
//!
//! utoipa's `#[utoipa::path]` on each handler says its method, path, parameters and
//! answers, naming each body by a Rust type; the type's JSON Schema is the one schemars
//! derives from it (and from the types inside it, down to the engine's), as the WebSocket
//! protocol's schema is. For utoipa, such a type's schema is a placeholder that carries the
//! schemars definitions ([`placeholder`]); [`super::openapi`] puts the definitions in their
//! place. A body the server writes is described as it writes it (every field it always
//! sends is required); a body it reads as it reads it (a field with a default may be left
//! out): where the two forms of a type differ, the read one is named `<Type>Input`.
//!
//! - [`bodies!`] gives a type of this crate its utoipa traits;
//! - [`foreign_bodies!`] makes a stand-in for a type of another crate (its name is the
//!   type's).

use std::borrow::Cow;

use schemars::JsonSchema;
use serde_json::{Value, json};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema};

use senet_match::analysis::{Analysis, AnalysisRequest};
use senet_match::game_review::GameReview;
use senet_match::record::{GameRecord, RecordReport};
use senet_match::win_chances::GameChances;

/// The extension a placeholder carries its definitions in.
pub const EXTENSION: &str = "x-schemars";

/// The suffix of a read body's name while the document is assembled (dropped where its
/// read form is its written form).
pub const READ_SUFFIX: &str = "Input";

/// What utoipa puts in the components for `T`: an object whose [`EXTENSION`] holds `T`'s
/// schemars definitions (`reads`: as the server reads `T`), and `T`'s own schema (`root`:
/// a reference into them).
pub fn placeholder<T: JsonSchema + ?Sized>(reads: bool) -> RefOr<Schema> {
    let mut generator = senet_protocol::json_schema::generator("/components/schemas", reads);
    let root = generator.subschema_for::<T>();
    let definitions = generator.take_definitions(true);
    let carried = json!({"reads": reads, "root": root, "definitions": definitions});
    ObjectBuilder::new()
        .extensions(Some([(EXTENSION, carried)].into_iter().collect()))
        .build()
        .into()
}

/// The name utoipa gives `T`'s body: schemars' name, with [`READ_SUFFIX`] for a body the
/// server reads.
pub fn body_name<T: JsonSchema + ?Sized>(reads: bool) -> Cow<'static, str> {
    if reads {
        format!("{}{READ_SUFFIX}", T::schema_name()).into()
    } else {
        T::schema_name()
    }
}

/// Gives types of this crate utoipa's `PartialSchema` and `ToSchema` from their schemars
/// schema: `bodies!(writes: A, B; reads: C)`.
macro_rules! bodies {
    (@one $reads:expr, $ty:ty) => {
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::http::contracts::placeholder::<$ty>($reads)
            }
        }
        impl utoipa::ToSchema for $ty {
            fn name() -> std::borrow::Cow<'static, str> {
                $crate::http::contracts::body_name::<$ty>($reads)
            }
        }
    };
    (writes: $($w:ty),* $(,)? $(; reads: $($r:ty),* $(,)?)?) => {
        $($crate::http::contracts::bodies!(@one false, $w);)*
        $($($crate::http::contracts::bodies!(@one true, $r);)*)?
    };
}
pub(crate) use bodies;

/// Stand-ins for types of other crates, which cannot have utoipa's traits here:
/// `Stand(writes) => Type` or `Stand(reads) => Type`.
macro_rules! foreign_bodies {
    ($($(#[$doc:meta])* $stand:ident($side:ident) => $ty:ty),* $(,)?) => {
        $(
            $(#[$doc])*
            #[derive(Debug)]
            pub struct $stand;
            impl utoipa::PartialSchema for $stand {
                fn schema() -> RefOr<Schema> {
                    placeholder::<$ty>(foreign_bodies!(@reads $side))
                }
            }
            impl utoipa::ToSchema for $stand {
                fn name() -> Cow<'static, str> {
                    body_name::<$ty>(foreign_bodies!(@reads $side))
                }
            }
        )*
    };
    (@reads writes) => { false };
    (@reads reads) => { true };
}

foreign_bodies! {
    /// `senet_protocol::Summary`: a match as listed.
    SummaryBody(writes) => senet_protocol::Summary,
    /// `senet_engine::VariantInfo`: a variant as the engine states it.
    VariantInfoBody(writes) => senet_engine::VariantInfo,
    /// `senet_match::record::GameRecord`, as the server sends it.
    GameRecordBody(writes) => GameRecord,
    /// `senet_match::record::GameRecord`, as `POST /api/verify` reads it.
    GameRecordUpload(reads) => GameRecord,
    /// `senet_match::record::RecordReport`: a record check's verdict.
    RecordReportBody(writes) => RecordReport,
    /// `senet_match::win_chances::GameChances`: a finished game's chances.
    GameChancesBody(writes) => GameChances,
    /// `senet_match::game_review::GameReview`: a finished game's review.
    GameReviewBody(writes) => GameReview,
    /// `senet_match::analysis::AnalysisRequest`: what the analysis board asks.
    AnalysisRequestBody(reads) => AnalysisRequest,
    /// `senet_match::analysis::Analysis`: a position analysed.
    AnalysisBody(writes) => Analysis,
    /// `senet_accounts::Me`: the signed-in account.
    MeBody(writes) => senet_accounts::Me,
    /// `senet_accounts::Ceremony`: a passkey ceremony started.
    CeremonyBody(writes) => senet_accounts::Ceremony,
    /// `senet_protocol::ChallengeView`: a challenge by name.
    ChallengeViewBody(writes) => senet_protocol::ChallengeView,
    /// `senet_protocol::SeekView`: an open seek as the lobby lists it.
    SeekViewBody(writes) => senet_protocol::SeekView,
}

/// utoipa's schema of a string that is one of `values` (for a query parameter).
pub fn string_enum<I: IntoIterator<Item = S>, S: Into<Value>>(values: I) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(values.into_iter().map(Into::into)))
}

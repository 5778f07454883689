//! The REST API's contracts, served: the OpenAPI 3.1 document (`GET /api/openapi.json`) and
//! the JSON Schema of every WebSocket message (`GET /api/protocol.schema.json`).
//!
//! The document is derived, not written: utoipa assembles it from each handler's
//! `#[utoipa::path]` (method, path, parameters, answers), and every body's schema is the one
//! schemars derives from the handler's request or response type ([`super::contracts`]).
//! Tests check that it documents exactly the routes of [`super::ROUTES`] and that every
//! reference in it resolves.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Map, Value, json};
use utoipa::OpenApi;

use super::contracts::{EXTENSION, READ_SUFFIX};
use super::match_list;
use super::quick_route;
use super::seek_routes;
use super::tv_route;
use super::{
    account_routes, analysis_route, chances, chat, lobby, moderation_routes, people_routes, review,
    scoreboard, tournament_routes,
};

/// Where component schemas are.
const COMPONENTS: &str = "#/components/schemas/";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Senet server",
        description = "Live Senet matches. Play happens over the WebSocket at /ws/matches/{id}: \
            see docs/protocol.md, and GET /api/protocol.schema.json for the JSON Schema of \
            every message."
    ),
    paths(
        lobby::healthz,
        lobby::metrics,
        openapi,
        protocol_schema,
        lobby::variants,
        match_list::list_matches,
        lobby::create_match,
        lobby::get_match,
        lobby::join_match,
        lobby::game_record,
        lobby::verify,
        lobby::ws_upgrade,
        scoreboard::scoreboard,
        scoreboard::create_player,
        scoreboard::history,
        scoreboard::leaderboard,
        chat::chat,
        chances::chances,
        review::review,
        analysis_route::analysis,
        quick_route::enter,
        quick_route::poll,
        quick_route::leave,
        seek_routes::list,
        seek_routes::post,
        seek_routes::join,
        tv_route::channel,
        account_routes::me,
        account_routes::sign_up,
        account_routes::begin_passkey_sign_up,
        account_routes::finish_passkey_sign_up,
        account_routes::sign_in,
        account_routes::begin_passkey_sign_in,
        account_routes::finish_passkey_sign_in,
        account_routes::sign_out,
        account_routes::sign_out_everywhere,
        account_routes::begin_adding_passkey,
        account_routes::finish_adding_passkey,
        account_routes::remove_passkey,
        account_routes::export,
        account_routes::delete,
        moderation_routes::list_blocks,
        moderation_routes::block,
        moderation_routes::unblock,
        moderation_routes::report,
        moderation_routes::reports,
        moderation_routes::close,
        moderation_routes::silence,
        people_routes::people_socket,
        people_routes::online,
        people_routes::list,
        people_routes::send,
        people_routes::accept,
        people_routes::decline,
        people_routes::cancel,
        people_routes::list_follows,
        people_routes::follow,
        people_routes::unfollow,
        people_routes::by_name,
        tournament_routes::list,
        tournament_routes::create,
        tournament_routes::get,
        tournament_routes::join,
        tournament_routes::leave,
    )
)]
struct ApiDoc;

/// The top of an OpenAPI document, as `GET /api/openapi.json` answers.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(super) struct OpenApiDocument {
    /// The OpenAPI version (`3.1.0`).
    openapi: String,
    /// Title, version and description.
    info: Value,
    /// Every route.
    paths: Map<String, Value>,
    /// The schemas the routes name.
    components: Value,
}

/// The top of a JSON Schema document, as `GET /api/protocol.schema.json` answers.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(super) struct ProtocolSchema {
    /// The dialect (JSON Schema draft 2020-12).
    #[serde(rename = "$schema")]
    schema: String,
    /// A message: a client's or the server's.
    #[serde(rename = "anyOf")]
    any_of: Vec<Value>,
    /// Every type of every message.
    #[serde(rename = "$defs")]
    defs: Map<String, Value>,
}

super::contracts::bodies!(writes: OpenApiDocument, ProtocolSchema);

/// A JSON answer made once (the documents never change while the server runs).
fn cached(cell: &'static OnceLock<String>, make: fn() -> Value) -> axum::response::Response {
    let body = cell.get_or_init(|| make().to_string()).clone();
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json",
    responses((status = 200, description = "the OpenAPI document", body = OpenApiDocument)))]
pub(super) async fn openapi() -> axum::response::Response {
    static DOC: OnceLock<String> = OnceLock::new();
    cached(&DOC, openapi_doc)
}

/// The JSON Schema (draft 2020-12) of every WebSocket message: a client's (`ClientMsg`, as
/// the server reads it) or the server's (`ServerMsg`, as it writes it), derived from the
/// protocol's types.
#[utoipa::path(get, path = "/api/protocol.schema.json",
    responses((status = 200, description = "the protocol's JSON Schema", body = ProtocolSchema)))]
pub(super) async fn protocol_schema() -> axum::response::Response {
    static SCHEMA: OnceLock<String> = OnceLock::new();
    cached(&SCHEMA, senet_protocol::protocol_schema)
}

/// The OpenAPI 3.1 description of the REST API, derived from the handlers and their types
/// (tests check it lists exactly the routes in [`super::ROUTES`]).
pub fn openapi_doc() -> Value {
    let (doc, clashes) = assemble();
    for clash in clashes {
        tracing::error!(clash, "the OpenAPI document names two schemas alike");
    }
    doc
}

/// The document, and the names that two different schemas claimed (none: a test checks).
fn assemble() -> (Value, Vec<String>) {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
    let clashes = fill_components(&mut doc);
    // Any operation may also answer with the common errors (413 too large, 429 rate limited,
    // 503 unavailable, 405 for other methods): each in the same JSON shape.
    let default = json!({"description": "any other error: a code and a message",
        "content": {"application/json": {"schema": {"$ref": format!("{COMPONENTS}Error")}}}});
    if let Some(paths) = doc["paths"].as_object_mut() {
        for op in paths.values_mut().filter_map(Value::as_object_mut) {
            for op in op.values_mut() {
                op["responses"]["default"] = default.clone();
            }
        }
    }
    (doc, clashes)
}

/// Puts the schemars definitions that utoipa's placeholders carry in their place: the
/// written forms under their names, the read forms too where they are the same, else as
/// `<Type>Input` (and every reference to them from a read form or a request body). Returns
/// the names two different schemas of one side claimed (the first is kept).
fn fill_components(doc: &mut Value) -> Vec<String> {
    let mut clashes = Vec::new();
    let placeholders = match doc["components"]["schemas"].take() {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    let (mut writes, mut reads) = (Map::new(), Map::new());
    for (name, placeholder) in placeholders {
        let Some(carried) = placeholder.get(EXTENSION) else {
            writes.insert(name, placeholder);
            continue;
        };
        let side = if carried["reads"] == true {
            &mut reads
        } else {
            &mut writes
        };
        if let Value::Object(definitions) = &carried["definitions"] {
            if let Err(clash) =
                senet_protocol::json_schema::merge_definitions(side, definitions.clone())
            {
                clashes.push(clash);
            }
        }
        // A type schemars inlines has no definition of its own: its schema is the root.
        let own = name.strip_suffix(READ_SUFFIX).unwrap_or(&name).to_owned();
        if !side.contains_key(&own) {
            side.insert(own, carried["root"].clone());
        }
    }
    let differ = read_forms_that_differ(&writes, &reads);
    let rename = |name: &str| {
        let plain = name.strip_suffix(READ_SUFFIX).unwrap_or(name);
        if differ.contains(plain) {
            format!("{plain}{READ_SUFFIX}")
        } else {
            plain.to_owned()
        }
    };
    for (name, mut schema) in reads {
        rewrite_refs(&mut schema, &rename);
        writes.entry(rename(&name)).or_insert(schema);
    }
    if let Some(paths) = doc["paths"].as_object_mut() {
        for op in paths.values_mut().filter_map(Value::as_object_mut) {
            for op in op.values_mut() {
                if let Some(body) = op.get_mut("requestBody") {
                    rewrite_refs(body, &rename);
                }
            }
        }
    }
    doc["components"]["schemas"] = Value::Object(writes);
    clashes
}

/// The read forms whose schema differs from the written form of the same name, or that
/// refer (at any depth) to one that does.
fn read_forms_that_differ(
    writes: &Map<String, Value>,
    reads: &Map<String, Value>,
) -> BTreeSet<String> {
    let mut differ: BTreeSet<String> = reads
        .iter()
        .filter(|(name, schema)| writes.get(*name).is_some_and(|w| w != *schema))
        .map(|(name, _)| name.clone())
        .collect();
    loop {
        let more: Vec<String> = reads
            .iter()
            .filter(|(name, schema)| {
                !differ.contains(*name) && refs(schema).iter().any(|r| differ.contains(r))
            })
            .map(|(name, _)| name.clone())
            .collect();
        if more.is_empty() {
            return differ;
        }
        differ.extend(more);
    }
}

/// The component names `schema` refers to.
fn refs(schema: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![schema];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                if let Some(name) = map
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(|r| r.strip_prefix(COMPONENTS))
                {
                    out.push(name.to_owned());
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    out
}

/// Renames every reference to a component in `v`.
fn rewrite_refs(v: &mut Value, rename: &dyn Fn(&str) -> String) {
    match v {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get_mut("$ref") {
                if let Some(name) = r.strip_prefix(COMPONENTS) {
                    *r = format!("{COMPONENTS}{}", rename(name));
                }
            }
            map.values_mut().for_each(|v| rewrite_refs(v, rename));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite_refs(v, rename)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::ROUTES;

    #[test]
    fn no_two_schemas_share_a_name() {
        assert_eq!(assemble().1, Vec::<String>::new());
    }

    #[test]
    fn openapi_lists_every_route() {
        let doc = openapi_doc();
        for (method, path) in ROUTES {
            assert!(
                doc["paths"][path][method].is_object(),
                "{method} {path} is missing from the OpenAPI document"
            );
        }
        let documented: usize = doc["paths"]
            .as_object()
            .unwrap()
            .values()
            .map(|p| p.as_object().unwrap().len())
            .sum();
        assert_eq!(
            documented,
            ROUTES.len(),
            "the document lists a route ROUTES lacks"
        );
    }

    /// Every `$ref` names a component, every component is a schema (no placeholder left),
    /// and every JSON answer has a schema.
    #[test]
    fn every_reference_resolves() {
        let doc = openapi_doc();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for name in refs(&doc) {
            assert!(
                schemas.contains_key(&name),
                "{name} is referred to but missing"
            );
        }
        for (name, schema) in schemas {
            assert!(schema.get(EXTENSION).is_none(), "{name} is a placeholder");
        }
        for (path, ops) in doc["paths"].as_object().unwrap() {
            for (method, op) in ops.as_object().unwrap() {
                for (status, answer) in op["responses"].as_object().unwrap() {
                    if let Some(content) = answer.get("content") {
                        let schema = content
                            .as_object()
                            .and_then(|c| c.values().next())
                            .map(|c| &c["schema"]);
                        assert!(
                            schema.is_some_and(Value::is_object),
                            "{method} {path} {status} has no schema"
                        );
                    }
                }
            }
        }
    }

    /// A request body whose read form differs from its written form gets its own schema;
    /// the others share one.
    #[test]
    fn read_forms_are_named_apart_only_where_they_differ() {
        let doc = openapi_doc();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        let verify = &doc["paths"]["/api/verify"]["post"]["requestBody"]["content"]["application/json"]
            ["schema"]["$ref"];
        assert_eq!(verify, &json!(format!("{COMPONENTS}GameRecordInput")));
        // A setup read may leave out its fields; one written has them all.
        assert_eq!(
            schemas["Setup"]["required"],
            json!(["players", "waiting_for_one"])
        );
        assert!(schemas["SetupInput"].get("required").is_none());
        // A body only ever read keeps its plain name.
        let create = &doc["paths"]["/api/matches"]["post"]["requestBody"]["content"]["application/json"]
            ["schema"]["$ref"];
        assert_eq!(create, &json!(format!("{COMPONENTS}CreateMatch")));
        assert!(schemas.keys().all(|k| !k.ends_with("InputInput")));
    }
}

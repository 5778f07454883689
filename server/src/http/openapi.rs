//! The OpenAPI 3.1 document of the REST API (hand-written; a test checks it lists every
//! route in [`super::ROUTES`]).

use axum::Json;
use serde_json::{Value, json};

pub(super) async fn openapi() -> Json<Value> {
    Json(openapi_doc())
}

/// The OpenAPI 3.1 description of the REST API (hand-written; a test checks it lists every
/// route in [`ROUTES`]).
pub fn openapi_doc() -> Value {
    let error = json!({"$ref": "#/components/schemas/Error"});
    let err =
        |d: &str| json!({"description": d, "content": {"application/json": {"schema": error}}});
    let ok = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "object"}}}});
    let list = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}});
    let id = json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}});
    let name = json!({"type": "string", "maxLength": 64});
    let mut doc = json!({
        "openapi": "3.1.0",
        "info": {"title": "Senet server", "version": env!("CARGO_PKG_VERSION"),
                 "description": "Live Senet matches. Play happens over the WebSocket at /ws/matches/{id}; see docs/protocol.md."},
        "paths": {
            "/healthz": {"get": {"summary": "Ready check", "responses": {"200": ok("ready")}}},
            "/metrics": {"get": {"summary": "The node's counters (Prometheus text format 0.0.4)", "responses": {"200": {"description": "metrics",
                "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
            "/api/openapi.json": {"get": {"summary": "This document", "responses": {"200": ok("OpenAPI document")}}},
            "/api/variants": {"get": {"summary": "The variants, with player counts and options",
                "responses": {"200": list("variants")}}},
            "/api/matches": {
                "get": {"summary": "Public matches", "parameters": [
                    {"name": "status", "in": "query", "required": false,
                     "schema": {"type": "string", "enum": ["joining", "live", "finished"]}}],
                    "responses": {"200": list("match summaries"), "400": err("unknown status")}},
                "post": {"summary": "Create a match; the reply holds seat 1's token, invites and the spectator link",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CreateMatch"}}}},
                    "responses": {"201": ok("created"), "400": err("malformed body"), "403": err("origin not allowed"),
                        "415": err("not application/json"), "422": err("invalid request"),
                        "429": err("rate limited, or too many unfinished matches from this address")}}
            },
            "/api/matches/{id}": {"get": {"summary": "A match summary", "parameters": [id],
                "responses": {"200": ok("summary"), "404": err("no such match")}}},
            "/api/matches/{id}/join": {"post": {"summary": "Claim a seat with its invite (once), or without one the first free seat of a public match", "parameters": [id],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                    "additionalProperties": false,
                    "properties": {"invite": {"type": "string"}, "name": name}}}}},
                "responses": {"200": ok("seat and token"), "403": err("bad invite or origin not allowed"), "404": err("no such match (or a private one, without its invite)"),
                    "409": err("invite used, or every seat taken"), "415": err("not application/json"), "422": err("invalid name"),
                    "429": err("open seats taken too often from this address")}}},
            "/api/matches/{id}/games/{game}": {"get": {"summary": "A game's record (events; seed once over)",
                "parameters": [id, {"name": "game", "in": "path", "required": true, "schema": {"type": "integer"}}],
                "responses": {"200": ok("game record"), "404": err("no such game")}}},
            "/api/verify": {"post": {"summary": "Check a whole game record (as exported by GET /api/matches/{id}/games/{n}): dice, commitment, client seeds and a replay through the engine, as `senet-server verify` does",
                "requestBody": {"required": true, "description": "a game record, at most 4 MiB",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GameRecord"}}}},
                "responses": {"200": {"description": "the verdict (`ok`; when not, `reason` and `message`)",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RecordReport"}}}},
                    "400": err("not a game record (malformed)"), "403": err("origin not allowed"),
                    "413": err("over 4 MiB (too_large)"), "415": err("not application/json"),
                    "429": err("rate limited (Retry-After)"), "503": err("busy: too many records being checked")}}},
            "/ws/matches/{id}": {"get": {"summary": "WebSocket upgrade for players and spectators (docs/protocol.md)",
                "parameters": [id], "responses": {"101": {"description": "switching protocols"}, "404": err("no such match")}}}
        },
        "components": {"schemas": {
            "Error": {"type": "object", "required": ["code", "message"],
                      "properties": {"code": {"type": "string"}, "message": {"type": "string"}}},
            "CreateMatch": {"type": "object", "required": ["variant"], "additionalProperties": false, "properties": {
                "variant": {"type": "string", "enum": ["martian", "modern", "parker", "jequier", "pyramid"]},
                "players": {"type": ["integer", "null"], "minimum": 2, "maximum": 4},
                "series": {"anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": false,
                    "required": ["kind", "target"], "properties": {
                    "kind": {"type": "string", "enum": ["best_of", "first_to"]},
                    "target": {"type": "integer", "minimum": 1, "maximum": 99}}}]},
                "options": {"type": "object", "additionalProperties": false,
                    "properties": {"waiting_for_one": {"type": ["boolean", "null"]}}},
                "name": {"type": ["string", "null"], "maxLength": 64},
                "player_name": {"type": ["string", "null"], "maxLength": 64},
                "public": {"type": "boolean", "default": true},
                "rated": {"type": "boolean", "default": false},
                "clock": {"anyOf": [{"type": "null"},
                    {"type": "object", "additionalProperties": false, "required": ["kind", "base_secs", "increment_secs"],
                     "properties": {"kind": {"const": "fischer"},
                        "base_secs": {"type": "integer", "minimum": 1, "maximum": 10800},
                        "increment_secs": {"type": "integer", "minimum": 0, "maximum": 180}}},
                    {"type": "object", "additionalProperties": false, "required": ["kind", "days"],
                     "properties": {"kind": {"const": "correspondence"},
                        "days": {"type": "integer", "minimum": 1, "maximum": 14}}}]}}},
            "GameRecord": {"type": "object",
                "required": ["match_id", "game", "game_id", "variant", "setup", "seats", "commitment", "client_seeds", "events"],
                "properties": {"match_id": {"type": "string"}, "game": {"type": "integer", "minimum": 0},
                    "game_id": {"type": "string"}, "variant": {"type": "string"},
                    "setup": {"type": "object"}, "seats": {"type": "array", "items": {"type": "integer"}},
                    "commitment": {"type": "string"}, "seed": {"type": ["string", "null"]},
                    "client_seeds": {"type": "array", "items": {"type": "string"}},
                    "events": {"type": "array", "items": {"type": "object"}}}},
            "RecordReport": {"type": "object", "required": ["dice", "replay_ok", "replay_error", "ok"],
                "properties": {"dice": {"type": ["object", "null"], "description": "the dice check per throw (absent while the seed is secret)"},
                    "replay_ok": {"type": "boolean"}, "replay_error": {"type": ["string", "null"]},
                    "ok": {"type": "boolean", "description": "every step checks out: VERIFIED"},
                    "reason": {"type": "string", "description": "the stable code of the first step that failed (docs/fairness.md)"},
                    "message": {"type": "string"}}}
        }}
    });
    super::scoreboard::document(&mut doc);
    super::chat::document(&mut doc);
    super::chances::document(&mut doc);
    crate::quick::document(&mut doc);
    crate::tv::document(&mut doc);
    // Any operation may also answer with the common errors (413 too large, 429 rate limited,
    // 503 unavailable, 405 for other methods): each in the same JSON shape.
    if let Some(paths) = doc["paths"].as_object_mut() {
        for ops in paths.values_mut().filter_map(Value::as_object_mut) {
            for op in ops.values_mut() {
                op["responses"]["default"] = err("any other error: a code and a message");
            }
        }
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::ROUTES;

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
}

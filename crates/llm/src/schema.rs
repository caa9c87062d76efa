//! Structured replies: finding the JSON object in a model's reply and checking it against a
//! schema, a small subset of JSON Schema (`type`, `properties`, `required`, `items`, `enum`,
//! `additionalProperties: false`) — what chat-completion judgments need, with messages that
//! name the offending path so that the model can be told what to fix.

use serde_json::Value;

/// The JSON value in a reply: the whole reply, or the inside of a fenced ```json block, or the
/// text from the first `{` to the last `}` (models add prose despite instructions).
pub fn extract_json(reply: &str) -> Result<Value, String> {
    let t = reply.trim();
    if let Ok(v) = serde_json::from_str::<Value>(t) {
        return Ok(v);
    }
    if let Some(start) = t.find("```") {
        let after = &t[start + 3..];
        let body = after.strip_prefix("json").or_else(|| after.strip_prefix("JSON")).unwrap_or(after);
        if let Some(end) = body.find("```")
            && let Ok(v) = serde_json::from_str::<Value>(body[..end].trim())
        {
            return Ok(v);
        }
    }
    match (t.find('{'), t.rfind('}')) {
        (Some(a), Some(b)) if a < b => serde_json::from_str(&t[a..=b]).map_err(|e| format!("not valid JSON: {e}")),
        _ => Err("the reply contains no JSON object".into()),
    }
}

/// Checks `value` against `schema`; the first violation as `path: what`.
pub fn validate(value: &Value, schema: &Value) -> Result<(), String> {
    check(value, schema, "$")
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn check(value: &Value, schema: &Value, path: &str) -> Result<(), String> {
    if let Some(t) = schema.get("type").and_then(Value::as_str) {
        let actual = type_name(value);
        let ok = actual == t || (t == "number" && actual == "integer");
        if !ok {
            return Err(format!("{path}: expected {t}, found {actual}"));
        }
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        let names: Vec<String> = allowed.iter().map(Value::to_string).collect();
        return Err(format!("{path}: {value} is not one of {}", names.join(", ")));
    }
    if let Value::Object(map) = value {
        if let Some(required) = schema.get("required").and_then(Value::as_array) {
            for r in required.iter().filter_map(Value::as_str) {
                if !map.contains_key(r) {
                    return Err(format!("{path}: missing required field `{r}`"));
                }
            }
        }
        let props = schema.get("properties").and_then(Value::as_object);
        for (k, v) in map {
            match props.and_then(|p| p.get(k)) {
                Some(s) => check(v, s, &format!("{path}.{k}"))?,
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    return Err(format!("{path}: unexpected field `{k}`"));
                }
                None => {}
            }
        }
    }
    if let (Value::Array(items), Some(s)) = (value, schema.get("items")) {
        for (i, v) in items.iter().enumerate() {
            check(v, s, &format!("{path}[{i}]"))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_is_found_in_fences_and_prose() {
        assert_eq!(extract_json(" {\"a\": 1} ").unwrap(), json!({"a": 1}));
        assert_eq!(extract_json("Here:\n```json\n{\"a\": 2}\n```\nDone").unwrap(), json!({"a": 2}));
        assert_eq!(extract_json("Verdict follows {\"a\": 3} as asked").unwrap(), json!({"a": 3}));
        assert!(extract_json("accepted: yes").unwrap_err().contains("no JSON object"));
        assert!(extract_json("{\"a\": }").unwrap_err().contains("not valid JSON"));
    }

    #[test]
    fn violations_name_their_path() {
        let schema = json!({"type": "object", "required": ["ok", "items"], "properties": {
            "ok": {"type": "boolean"},
            "items": {"type": "array", "items": {"type": "object", "required": ["level"],
                "properties": {"level": {"enum": ["high", "low"]}}}}}});
        assert!(validate(&json!({"ok": true, "items": [{"level": "low"}]}), &schema).is_ok());
        assert_eq!(validate(&json!({"ok": true}), &schema).unwrap_err(), "$: missing required field `items`");
        assert_eq!(
            validate(&json!({"ok": "yes", "items": []}), &schema).unwrap_err(),
            "$.ok: expected boolean, found string"
        );
        assert!(
            validate(&json!({"ok": true, "items": [{"level": "mid"}]}), &schema)
                .unwrap_err()
                .starts_with("$.items[0].level: \"mid\" is not one of")
        );
        assert_eq!(validate(&json!(3), &json!({"type": "number"})), Ok(()));
    }
}

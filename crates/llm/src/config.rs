//! Where a run's endpoint, model, key, limits and prices come from.
//!
//! Precedence, highest first: command-line flags, the environment (`CERTPLAN_LLM_BASE_URL`,
//! `CERTPLAN_LLM_MODEL`, `CERTPLAN_LLM_API_KEY`, `CERTPLAN_LLM_CONFIG` naming the file), then a
//! JSON config file whose keys are the fields of [`Settings`]:
//!
//! ```json
//! { "base_url": "http://127.0.0.1:8000/v1", "model": "qwen2.5-7b-instruct",
//!   "timeout_s": 120, "max_retries": 4, "budget": { "max_cost": 2.0 },
//!   "prices": { "prompt_per_million": 0.4, "completion_per_million": 1.6 } }
//! ```
//!
//! A key in a file is allowed but discouraged (prefer the environment). The key is never written
//! to a transcript.

use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Duration;

/// The environment variables read by [`Settings::from_env`].
pub const ENV_BASE_URL: &str = "CERTPLAN_LLM_BASE_URL";
pub const ENV_MODEL: &str = "CERTPLAN_LLM_MODEL";
pub const ENV_API_KEY: &str = "CERTPLAN_LLM_API_KEY";
pub const ENV_CONFIG: &str = "CERTPLAN_LLM_CONFIG";

/// Prices in currency units per million tokens (0 when unknown: then cost budgets never bind).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Prices {
    pub prompt_per_million: f64,
    pub completion_per_million: f64,
}

impl Prices {
    pub fn cost(&self, prompt_tokens: u64, completion_tokens: u64) -> f64 {
        (prompt_tokens as f64 * self.prompt_per_million + completion_tokens as f64 * self.completion_per_million) / 1e6
    }
}

/// Limits on one session: once one is reached, the next call is refused ([`crate::LlmError::Budget`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Budget {
    pub max_requests: Option<u64>,
    /// Prompt plus completion tokens.
    pub max_tokens: Option<u64>,
    pub max_cost: Option<f64>,
}

/// Every setting, each optional: one layer of the precedence (flags, environment or file).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub base_url: Option<String>,
    pub model: Option<String>,
    pub api_key: Option<String>,
    pub timeout_s: Option<f64>,
    pub max_retries: Option<u32>,
    pub backoff_s: Option<f64>,
    pub max_backoff_s: Option<f64>,
    pub temperature: Option<f64>,
    pub max_tokens: Option<u32>,
    pub prices: Option<Prices>,
    pub budget: Option<Budget>,
}

/// A resolved configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Up to and including the API version, e.g. `https://api.openai.com/v1`; requests go to
    /// `{base_url}/chat/completions`.
    pub base_url: String,
    pub model: String,
    pub api_key: Option<String>,
    /// For one HTTP exchange, connection to last byte.
    pub timeout: Duration,
    /// Retries after the first try (timeouts, transport errors, 429, 5xx).
    pub max_retries: u32,
    /// The first retry's wait; doubled for each further retry, up to `max_backoff`.
    pub backoff: Duration,
    /// The longest wait between tries, also for a `retry-after` the server asks for.
    pub max_backoff: Duration,
    /// Paper 003 decodes at temperature 0.
    pub temperature: Option<f64>,
    pub max_tokens: Option<u32>,
    pub prices: Prices,
    pub budget: Budget,
}

/// A configuration that cannot be used.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for ConfigError {}

impl Settings {
    /// The environment layer, through `get` (so tests need not touch the process environment).
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Settings {
        let non_empty = |k: &str| get(k).filter(|v| !v.trim().is_empty());
        Settings {
            base_url: non_empty(ENV_BASE_URL),
            model: non_empty(ENV_MODEL),
            api_key: non_empty(ENV_API_KEY),
            ..Settings::default()
        }
    }

    /// A JSON config file.
    pub fn from_file(path: &Path) -> Result<Settings, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ConfigError(format!("cannot read LLM config {}: {e}", path.display())))?;
        serde_json::from_str(&text)
            .map_err(|e| ConfigError(format!("{}:{}:{}: bad LLM config: {e}", path.display(), e.line(), e.column())))
    }

    /// `self` where set, else `lower`.
    pub fn over(self, lower: Settings) -> Settings {
        Settings {
            base_url: self.base_url.or(lower.base_url),
            model: self.model.or(lower.model),
            api_key: self.api_key.or(lower.api_key),
            timeout_s: self.timeout_s.or(lower.timeout_s),
            max_retries: self.max_retries.or(lower.max_retries),
            backoff_s: self.backoff_s.or(lower.backoff_s),
            max_backoff_s: self.max_backoff_s.or(lower.max_backoff_s),
            temperature: self.temperature.or(lower.temperature),
            max_tokens: self.max_tokens.or(lower.max_tokens),
            prices: self.prices.or(lower.prices),
            budget: self.budget.or(lower.budget),
        }
    }

    /// The three layers in order: `flags`, then the process environment, then the config file
    /// named by `config_file` or else by `CERTPLAN_LLM_CONFIG`.
    pub fn layered(flags: Settings, config_file: Option<&Path>) -> Result<Settings, ConfigError> {
        let env = Settings::from_env(|k| std::env::var(k).ok());
        let file = match config_file.map(Path::to_path_buf).or_else(|| std::env::var_os(ENV_CONFIG).map(Into::into)) {
            Some(p) => Settings::from_file(&p)?,
            None => Settings::default(),
        };
        Ok(flags.over(env).over(file))
    }

    /// Fills the defaults and checks what is required.
    pub fn resolve(self) -> Result<Config, ConfigError> {
        let base_url = self.base_url.ok_or_else(|| {
            ConfigError(format!("no LLM endpoint: give --base-url, set {ENV_BASE_URL} or a config file"))
        })?;
        let base_url = base_url.trim().trim_end_matches('/').to_string();
        if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
            return Err(ConfigError(format!("LLM base URL `{base_url}` must start with http:// or https://")));
        }
        let model = self
            .model
            .ok_or_else(|| ConfigError(format!("no LLM model: give --model, set {ENV_MODEL} or a config file")))?;
        let seconds = |v: Option<f64>, default: f64, what: &str| -> Result<Duration, ConfigError> {
            let s = v.unwrap_or(default);
            if !(s.is_finite() && s >= 0.0) {
                return Err(ConfigError(format!("{what} must be a non-negative number of seconds, not {s}")));
            }
            Ok(Duration::from_secs_f64(s))
        };
        Ok(Config {
            base_url,
            model,
            api_key: self.api_key,
            timeout: seconds(self.timeout_s, 120.0, "timeout_s")?,
            max_retries: self.max_retries.unwrap_or(4),
            backoff: seconds(self.backoff_s, 1.0, "backoff_s")?,
            max_backoff: seconds(self.max_backoff_s, 60.0, "max_backoff_s")?,
            temperature: Some(self.temperature.unwrap_or(0.0)),
            max_tokens: self.max_tokens,
            prices: self.prices.unwrap_or_default(),
            budget: self.budget.unwrap_or_default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_over_environment_over_file() {
        let flags = Settings { model: Some("flag-model".into()), ..Settings::default() };
        let env = Settings::from_env(|k| match k {
            ENV_MODEL => Some("env-model".into()),
            ENV_BASE_URL => Some("http://env/v1/".into()),
            ENV_API_KEY => Some("  ".into()),
            _ => None,
        });
        let file: Settings =
            serde_json::from_str(r#"{"base_url": "http://file/v1", "api_key": "k", "max_retries": 7}"#).unwrap();
        let c = flags.over(env).over(file).resolve().unwrap();
        assert_eq!(c.model, "flag-model");
        assert_eq!(c.base_url, "http://env/v1", "environment over file, trailing slash dropped");
        assert_eq!(c.api_key.as_deref(), Some("k"), "an empty environment value does not hide the file's");
        assert_eq!(c.max_retries, 7);
        assert_eq!(c.temperature, Some(0.0));
    }

    #[test]
    fn missing_endpoint_or_model_is_a_clear_error() {
        let e = Settings::default().resolve().unwrap_err();
        assert!(e.0.contains(ENV_BASE_URL), "{e}");
        let e = Settings { base_url: Some("http://x/v1".into()), ..Settings::default() }.resolve().unwrap_err();
        assert!(e.0.contains("--model"), "{e}");
        let e = Settings { base_url: Some("ftp://x".into()), model: Some("m".into()), ..Settings::default() }
            .resolve()
            .unwrap_err();
        assert!(e.0.contains("http://"), "{e}");
    }

    #[test]
    fn a_bad_config_file_names_its_line() {
        let dir = std::env::temp_dir().join(format!("llm-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("llm.json");
        std::fs::write(&p, "{\n  \"modle\": \"x\"\n}\n").unwrap();
        let e = Settings::from_file(&p).unwrap_err();
        assert!(e.0.contains("llm.json:2:"), "{e}");
        assert!(e.0.contains("modle"), "{e}");
    }
}

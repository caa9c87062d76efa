//! A **simulated model** for the scripted server (`llm::testing`): a deterministic script
//! generator that answers the pipeline's generation, repair and critic calls from the
//! benchmark's reference problems. It exercises the loop end to end without a language model;
//! its numbers measure the plumbing, never a model, and are labelled so wherever they appear.
//!
//! Each example gets a [`Scenario`] from a hash of its id (the same id, the same scenario):
//! the reference at once; a syntax error, an undeclared predicate or a dropped goal fact
//! (caught by the critic) first and the reference after one repair; prose that is not PDDL
//! every time (stops as unchanged); a new undeclared object each time (stops at the maximum
//! attempts); or the reference with a malformed first critic reply.
//!
//! The simulated critic accepts a problem whose `:init` and `:goal` facts equal the
//! reference's, else rejects it naming each missing or extra fact.

use crate::sexp::{self, Sexp};
use llm::testing::{RecordedRequest, Reply};
use serde_json::{Value, json};
use std::collections::{BTreeSet, HashMap};

/// What the simulated model does for one example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    Correct,
    SyntaxErrorThenFixed,
    UnknownPredicateThenFixed,
    MissingGoalThenFixed,
    NotPddl,
    AlwaysUnknownObject,
    MalformedCriticThenCorrect,
}

impl Scenario {
    pub fn name(self) -> &'static str {
        match self {
            Scenario::Correct => "correct",
            Scenario::SyntaxErrorThenFixed => "syntax-error-then-fixed",
            Scenario::UnknownPredicateThenFixed => "unknown-predicate-then-fixed",
            Scenario::MissingGoalThenFixed => "missing-goal-then-fixed",
            Scenario::NotPddl => "not-pddl",
            Scenario::AlwaysUnknownObject => "always-unknown-object",
            Scenario::MalformedCriticThenCorrect => "malformed-critic-then-correct",
        }
    }
}

/// FNV-1a, for a scenario that depends on the id only (not on Rust's hasher seed).
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The scenario of an example id: 40% correct, 10% each of the others.
pub fn scenario_for(id: &str) -> Scenario {
    match fnv(id) % 10 {
        0..=3 => Scenario::Correct,
        4 => Scenario::SyntaxErrorThenFixed,
        5 => Scenario::UnknownPredicateThenFixed,
        6 => Scenario::MissingGoalThenFixed,
        7 => Scenario::NotPddl,
        8 => Scenario::AlwaysUnknownObject,
        _ => Scenario::MalformedCriticThenCorrect,
    }
}

struct Entry {
    reference: String,
    scenario: Scenario,
}

/// The simulated model for a set of examples, keyed by their `problem_name_hint`.
pub struct SimulatedModel {
    entries: HashMap<String, Entry>,
}

/// The words the simulated model answers with when it "cannot" write PDDL.
pub const NOT_PDDL: &str = "I am sorry, but I cannot produce a PDDL problem for this description.";

impl SimulatedModel {
    pub fn new() -> SimulatedModel {
        SimulatedModel { entries: HashMap::new() }
    }
    /// Adds an example with the scenario of its id.
    pub fn add(&mut self, problem_name_hint: &str, id: &str, reference: &str) {
        self.add_with(problem_name_hint, reference, scenario_for(id));
    }
    pub fn add_with(&mut self, problem_name_hint: &str, reference: &str, scenario: Scenario) {
        self.entries.insert(problem_name_hint.into(), Entry { reference: reference.into(), scenario });
    }

    /// The reply to one request (the function to give `ScriptedServer::responder`).
    pub fn reply(&self, request: &RecordedRequest) -> Reply {
        let Ok(payload) = serde_json::from_str::<Value>(request.contents("user").first().copied().unwrap_or("")) else {
            return Reply::status(400, "simulated model: the first user message is not a JSON payload");
        };
        let hint = payload.get("problem_name_hint").and_then(Value::as_str).unwrap_or("");
        let Some(entry) = self.entries.get(hint) else {
            return Reply::status(400, &format!("simulated model: unknown problem `{hint}`"));
        };
        if payload.get("generated_problem_pddl").is_some() {
            return self.critic(entry, &payload, request);
        }
        let attempt = payload.get("repair_history").and_then(Value::as_array).map_or(0, Vec::len);
        Reply::content(&answer(entry, attempt))
    }

    fn critic(&self, entry: &Entry, payload: &Value, request: &RecordedRequest) -> Reply {
        if entry.scenario == Scenario::MalformedCriticThenCorrect && request.contents("assistant").is_empty() {
            return Reply::content("Looks right to me: accepted.");
        }
        let generated = payload.get("generated_problem_pddl").and_then(Value::as_str).unwrap_or("");
        Reply::content(&judge(&entry.reference, generated).to_string())
    }
}

impl Default for SimulatedModel {
    fn default() -> SimulatedModel {
        SimulatedModel::new()
    }
}

/// The generation (`attempt` 0) or repair answer of a scenario.
fn answer(entry: &Entry, attempt: usize) -> String {
    let reference = entry.reference.clone();
    let first = attempt == 0;
    match entry.scenario {
        Scenario::Correct | Scenario::MalformedCriticThenCorrect => reference,
        Scenario::SyntaxErrorThenFixed if first => {
            // The closing parenthesis dropped: E0003, unclosed.
            reference.trim_end().trim_end_matches(')').to_string() + "\n"
        }
        Scenario::UnknownPredicateThenFixed if first => reference.replacen("(:init", "(:init\n    (is-ready-sim)", 1),
        Scenario::MissingGoalThenFixed if first => drop_goal_fact(&reference).unwrap_or(reference),
        Scenario::NotPddl => NOT_PDDL.into(),
        Scenario::AlwaysUnknownObject => {
            reference.replacen("(:init", &format!("(:init\n    (not-declared-{attempt} ghost-{attempt})"), 1)
        }
        _ => reference,
    }
}

/// The reference without its first goal conjunct (when the goal has two or more).
fn drop_goal_fact(reference: &str) -> Option<String> {
    let p = sexp::parse(reference).ok()?;
    let goal = p.section(":goal")?.list().get(1)?;
    if goal.head().as_deref() != Some("and") || goal.list().len() < 3 {
        // A single goal fact cannot be dropped: make it unreachable instead.
        return Some(reference.replacen("(:goal", "(:goal (and (not-declared-goal-sim))\n  ", 1));
    }
    let mut items = goal.list().to_vec();
    items.remove(1);
    let new_goal = Sexp::List(vec![Sexp::Atom(":goal".into()), Sexp::List(items)]);
    let out: Vec<Sexp> = p
        .list()
        .iter()
        .map(|s| if s.head().as_deref() == Some(":goal") { new_goal.clone() } else { s.clone() })
        .collect();
    Some(sexp::print_problem(&Sexp::List(out)))
}

/// The facts of a section, lowercased and on one line each.
fn facts(p: &Sexp, key: &str) -> BTreeSet<String> {
    let Some(s) = p.section(key) else { return BTreeSet::new() };
    let items: Vec<&Sexp> = match key {
        ":goal" => s.list().get(1).map(sexp::conjuncts).unwrap_or_default(),
        _ => s.list()[1..].iter().collect(),
    };
    items.into_iter().map(|f| f.text().to_ascii_lowercase()).collect()
}

/// The simulated critic's judgment of `generated` against `reference`.
pub fn judge(reference: &str, generated: &str) -> Value {
    let (Ok(r), Ok(g)) = (sexp::parse(reference), sexp::parse(generated)) else {
        return json!({"accepted": false, "issues": [{"category": "other", "severity": "high", "scope": "other",
            "focus": "problem text", "message": "the generated problem could not be read"}], "repair_instructions": []});
    };
    let mut issues = Vec::new();
    for (key, scope, category) in [(":init", "init", "init_mismatch"), (":goal", "goal", "goal_mismatch")] {
        let (want, have) = (facts(&r, key), facts(&g, key));
        for f in want.difference(&have).take(3) {
            issues.push(json!({"category": category, "severity": "high", "scope": scope, "focus": f,
                "message": format!("the description states {f}, which is missing from {key}")}));
        }
        for f in have.difference(&want).take(3) {
            issues.push(json!({"category": category, "severity": "medium", "scope": scope, "focus": f,
                "message": format!("{f} in {key} is not stated in the description")}));
        }
    }
    let instructions: Vec<String> =
        issues.iter().filter_map(|i| i["message"].as_str().map(|m| format!("fix: {m}"))).collect();
    json!({"accepted": issues.is_empty(), "issues": issues, "repair_instructions": instructions})
}

/// Starts the scripted server answering as the simulated model for `examples`.
pub fn serve(examples: &[crate::dataset::Example]) -> llm::testing::ScriptedServer {
    let mut model = SimulatedModel::new();
    for e in examples {
        model.add(&e.task.problem_name_hint, &e.id, &e.reference);
    }
    llm::testing::ScriptedServer::responder(move |r| model.reply(r))
}

//! Gradient flow and a short real training run (seconds): every parameter moves after one AdamW
//! step (CRATES.md section 10 asks for this check: a layer without a backward pass fails it
//! silently otherwise), the loss falls on a small plan-verification dataset, and a saved run
//! reloads to the same predictions.

use burn::module::{Module, ModuleVisitor, Param};
use burn::nn::loss::CrossEntropyLossConfig;
use burn::optim::{AdamWConfig, GradientsParams};
use burn::prelude::*;
use std::io::Write;
use train::{Backend, ModelConfig, Positions, TrainConfig};

struct Collect {
    path: Vec<String>,
    params: Vec<(String, Vec<f32>)>,
}

impl ModuleVisitor for Collect {
    fn enter_module(&mut self, name: &str, _container: &str) {
        self.path.push(name.to_string());
    }
    fn exit_module(&mut self, _name: &str, _container: &str) {
        self.path.pop();
    }
    fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
        let v = param.val().into_data().try_to_vec::<f32>().expect("f32 parameters");
        self.params.push((self.path.join("."), v));
    }
}

/// The backend's random generator is global: a test that draws weights (here or through
/// `train::train`) while another seeds and draws would change the other's initial values, so the
/// tests run one at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn params(m: &train::Verifier) -> Vec<(String, Vec<f32>)> {
    let mut c = Collect { path: Vec::new(), params: Vec::new() };
    m.visit(&mut c);
    c.params
}

#[test]
fn every_parameter_changes_after_one_step() {
    let _serial = serial();
    for positions in [Positions::Absolute, Positions::Rotary, Positions::None] {
        let device = train::device();
        device.seed(7);
        let cfg = ModelConfig { vocab: 12, d_model: 16, heads: 2, layers: 2, d_ff: 32, max_len: 10, positions };
        let model = cfg.init(&device);
        let before = params(&model);
        // Every position of the table is used (length max_len), every token id appears.
        let ids: Vec<i64> = (0..20).map(|i| (i % 12) as i64).collect();
        let tokens = Tensor::<2, Int>::from_data(TensorData::new(ids, [2, 10]), &device);
        let mut answer = vec![0f32; 20];
        answer[9] = 1.0;
        answer[19] = 1.0;
        let answer = Tensor::<2>::from_data(TensorData::new(answer, [2, 10]), &device);
        let labels = Tensor::<1, Int>::from_data(TensorData::new(vec![0i64, 1], [2]), &device);
        let loss = CrossEntropyLossConfig::new().init(&device).forward(model.forward(tokens, answer), labels);
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        let mut optim = AdamWConfig::new().init();
        let model = optim.step(1e-2, model, grads);
        let after = params(&model);
        assert_eq!(before.len(), after.len());
        // Token embedding, 16 per block (2 norms, q/k/v/o, two feed-forward layers, weights and
        // biases), final norm and head, and the position table for absolute positions.
        let expected = 1 + 16 * 2 + 2 + 2 + usize::from(positions == Positions::Absolute);
        let names: Vec<&str> = before.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(before.len(), expected, "{positions:?}: parameter tensors {names:?}");
        for ((name, b), (_, a)) in before.iter().zip(&after) {
            let moved: f32 = b.iter().zip(a).map(|(x, y)| (x - y).abs()).sum();
            assert!(moved > 0.0, "{positions:?}: parameter {name} did not change after one step");
        }
    }
}

/// A small dataset of colors-bags-well-formed written the way `certplan dataset` writes it.
fn write_dataset(dir: &std::path::Path) {
    let domain = domains::find("colors-bags-well-formed").expect("library");
    let spec = verifylang::dataset::Spec {
        domain,
        seed: 3,
        count: 256,
        pairs_per_problem: 8,
        settings: vec![("bags".into(), 2), ("colors".into(), 2), ("marks".into(), 1)],
        jobs: 1,
        per_length: None,
        id_alphabet: None,
    };
    let split = verifylang::dataset::SplitSpec { name: "train", lengths: (1, 3), objects: None };
    let mut out = std::fs::File::create(dir.join("train.jsonl")).expect("write");
    let mut most = 0;
    verifylang::dataset::build(&spec, &split, 0, |e| -> Result<(), String> {
        most = most.max(e.objects);
        let toks: Vec<&str> = e.tokens.iter().map(|t| &**t).collect();
        let line = serde_json::json!({ "tokens": toks, "label": e.label, "length": e.length, "objects": e.objects });
        writeln!(out, "{line}").map_err(|e| e.to_string())
    })
    .expect("dataset");
    let lifted = domains::lifted_domain(domain.pddl).expect("checks");
    let vocab = verifylang::tokens::vocabulary(&lifted, most);
    std::fs::write(dir.join("vocab.json"), serde_json::json!({ "tokens": vocab }).to_string()).expect("write");
}

/// Trains 120 steps on `backend` into `dir/run` and returns the run directory, what it saved and
/// the mean loss of each of the three logging intervals.
fn short_run(dir: &std::path::Path, backend: Backend) -> (std::path::PathBuf, train::Saved, Vec<f64>) {
    let run = dir.join("run");
    let cfg = TrainConfig {
        d_model: 32,
        heads: 2,
        layers: 1,
        d_ff: 64,
        positions: Positions::Absolute,
        steps: 120,
        batch: 32,
        lr: 3e-3,
        weight_decay: 0.0,
        seed: 1,
        max_len: 64,
        log_every: 40,
        checkpoint_every: 0,
        random_offsets: false,
        backend,
    };
    let saved = train::train(dir, &run, &cfg, |_, _, _| {}).expect("trains");
    let metrics = std::fs::read_to_string(run.join("metrics.jsonl")).expect("metrics");
    let losses: Vec<f64> = metrics
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json")["loss"].as_f64().expect("loss"))
        .collect();
    assert_eq!(losses.len(), 3, "{metrics}");
    assert!(losses[2] < losses[0] * 0.9, "{backend}: the loss did not fall: {losses:?}");
    (run, saved, losses)
}

#[test]
fn a_short_run_learns_and_reloads() {
    let _serial = serial();
    let dir = std::env::temp_dir().join(format!("certplan-train-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    write_dataset(&dir);
    let (run, saved, _) = short_run(&dir, Backend::Flex);
    let trained = train::load(&run, Backend::Flex).expect("reloads");
    assert_eq!(trained.saved.parameters, saved.parameters);
    assert_eq!(trained.saved.train.backend, Backend::Flex);
    let e = train::evaluate(&trained, &dir.join("train.jsonl"), 16).expect("evaluates");
    assert_eq!(e.examples, 256);
    assert!(e.accuracy > 0.6, "training accuracy after reload: {}", e.accuracy);
    assert_eq!(e.by_length.iter().map(|c| c.examples).sum::<usize>(), 256);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The GPU path of the device machine, run where there is no GPU by Mesa's lavapipe (a Vulkan
/// driver on the CPU; `.ci/setup` installs it): the same run as above trains through wgpu, and
/// its weights, reloaded on the CPU, score what they score on the device.
#[cfg(feature = "wgpu")]
#[test]
fn a_short_run_learns_on_wgpu_and_its_weights_score_the_same_on_the_cpu() {
    let _serial = serial();
    if let Err(e) = Backend::Wgpu.device() {
        let missing = format!("{e} (no GPU: Debian's mesa-vulkan-drivers, lavapipe, gives one on the CPU)");
        corpus::skip_or_fail("a_short_run_learns_on_wgpu_and_its_weights_score_the_same_on_the_cpu", &missing);
        return;
    }
    let dir = std::env::temp_dir().join(format!("certplan-train-wgpu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    write_dataset(&dir);
    let (run, _, losses) = short_run(&dir, Backend::Wgpu);
    let on_gpu = train::load(&run, Backend::Wgpu).expect("reloads on wgpu");
    assert_eq!(on_gpu.saved.train.backend, Backend::Wgpu);
    let gpu = train::evaluate(&on_gpu, &dir.join("train.jsonl"), 16).expect("evaluates on wgpu");
    let cpu =
        train::evaluate(&train::load(&run, Backend::Flex).expect("reloads on flex"), &dir.join("train.jsonl"), 16)
            .expect("evaluates on flex");
    assert!(gpu.accuracy > 0.6, "training accuracy on wgpu: {} (losses {losses:?})", gpu.accuracy);
    // Float sums in another order may flip an example whose two logits are all but equal.
    assert!(
        (gpu.accuracy - cpu.accuracy).abs() <= 2.0 / 256.0,
        "wgpu scores {} and flex {} with the same weights",
        gpu.accuracy,
        cpu.accuracy
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(not(feature = "wgpu"))]
#[test]
fn a_backend_that_is_not_compiled_in_is_a_clear_error() {
    let e = Backend::Wgpu.device().expect_err("no wgpu in this build");
    assert!(e.contains("`wgpu` is not compiled") && e.contains("--features train-wgpu"), "{e}");
}

#[test]
fn backends_are_written_as_on_the_command_line() {
    for (text, backend) in [("flex", Backend::Flex), ("wgpu", Backend::Wgpu)] {
        assert_eq!(text.parse::<Backend>(), Ok(backend));
        assert_eq!(backend.to_string(), text);
        let json = serde_json::to_string(&backend).expect("serializes");
        assert_eq!(serde_json::from_str::<Backend>(&json).expect("reads back"), backend);
    }
    for bad in ["gpu", "cuda", "wgpu:1", ""] {
        assert!(bad.parse::<Backend>().is_err(), "`{bad}` parsed");
    }
    // A run directory written before backends existed trained on the CPU.
    let old = r#"{"d_model":8,"heads":2,"layers":1,"d_ff":16,"positions":"absolute","steps":1,"batch":1,
        "lr":0.001,"weight_decay":0.0,"seed":1,"max_len":8,"log_every":1,"checkpoint_every":0}"#;
    assert_eq!(serde_json::from_str::<TrainConfig>(old).expect("old config").backend, Backend::Flex);
}

/// Rows 64..96 of the absolute position table of a run trained for `steps` on `dir` (the
/// training sequences are shorter than 64 tokens).
fn last_position_rows(dir: &std::path::Path, name: &str, steps: usize, random_offsets: bool) -> Vec<f32> {
    let run = dir.join(name);
    let cfg = TrainConfig {
        d_model: 16,
        heads: 2,
        layers: 1,
        d_ff: 32,
        positions: Positions::Absolute,
        steps,
        batch: 16,
        lr: 1e-2,
        weight_decay: 0.0,
        seed: 5,
        max_len: 96,
        log_every: 5,
        checkpoint_every: 0,
        random_offsets,
        backend: Backend::Flex,
    };
    train::train(dir, &run, &cfg, |_, _, _| {}).expect("trains");
    let model = train::load(&run, Backend::Flex).expect("reloads").model;
    let (_, table) = params(&model).into_iter().find(|(n, _)| n.contains("positions")).expect("a position table");
    assert_eq!(table.len(), 96 * 16);
    table[64 * 16..].to_vec()
}

#[test]
fn random_offsets_train_the_rows_beyond_the_training_lengths() {
    let _serial = serial();
    let dir = std::env::temp_dir().join(format!("certplan-train-offsets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    write_dataset(&dir);
    let longest = std::fs::read_to_string(dir.join("train.jsonl"))
        .expect("written")
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json")["tokens"].as_array().expect("list").len())
        .max()
        .expect("examples");
    assert!(longest < 64, "training sequences of {longest} tokens reach the rows under test");
    // Without offsets rows past the training lengths keep their initial values (no weight decay),
    // with them they are trained.
    let plain_5 = last_position_rows(&dir, "a", 5, false);
    let plain_10 = last_position_rows(&dir, "b", 10, false);
    let shifted = last_position_rows(&dir, "c", 10, true);
    assert_eq!(plain_5, plain_10, "an untrained row moved");
    assert_ne!(plain_10, shifted, "random offsets left the rows past the training lengths untrained");
    let _ = std::fs::remove_dir_all(&dir);
}

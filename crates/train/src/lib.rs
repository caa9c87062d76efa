//! Training small decoder-only transformers to verify plans (paper 002) on burn's pure-Rust CPU
//! backend (`flex`), or on a GPU through the `wgpu` feature ([`Backend`]), and
//! evaluating them by plan length and object count.
//!
//! A run reads a dataset directory of `certplan dataset` (`train.jsonl`, `vocab.json`), trains
//! with AdamW on verdict-only labels for a fixed number of steps, and writes to its output
//! directory: `config.json` (architecture, vocabulary, settings), `model.bpk` (burnpack weights,
//! also every `checkpoint_every` steps) and `metrics.jsonl` (one line per logging interval).
//! [`evaluate`] reloads such a directory and scores a JSONL file.
//!
//! burn 0.22 pitfalls met here (see CRATES.md section 10): models take no backend type parameter,
//! the device is `Device::flex().autodiff()`, `into_scalar::<f32>()` needs its turbofish, and
//! evaluation goes through `valid()` (no autodiff graph) in small batches.

pub mod data;
pub mod model;
pub mod report;

use burn::module::Module;
use burn::nn::loss::CrossEntropyLossConfig;
use burn::optim::{AdamWConfig, GradientsParams};
use burn::prelude::*;
use data::Example;
pub use model::{ModelConfig, Positions, Verifier};
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Everything a run needs besides the data.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TrainConfig {
    pub d_model: usize,
    pub heads: usize,
    pub layers: usize,
    pub d_ff: usize,
    pub positions: Positions,
    pub steps: usize,
    pub batch: usize,
    pub lr: f64,
    pub weight_decay: f32,
    pub seed: u64,
    /// Longest sequence the model will accept; at least the longest training sequence.
    pub max_len: usize,
    pub log_every: usize,
    pub checkpoint_every: usize,
    /// Absolute positions only: start each training sequence at a random row of the position
    /// table (`Verifier::forward_shifted`), so that rows beyond the training lengths are trained.
    #[serde(default)]
    pub random_offsets: bool,
    /// Where the run trained (runs written before backends could be chosen trained on `flex`).
    #[serde(default)]
    pub backend: Backend,
}

/// Where a model trains or is evaluated: burn's pure-Rust CPU backend, or the GPU through burn's
/// cubecl runtime on wgpu (Vulkan or Metal; the best adapter wgpu finds, or the one named by
/// `CUBECL_WGPU_DEFAULT_DEVICE`, e.g. `DiscreteGpu(1)`), compiled in by this crate's feature
/// `wgpu`. Written `flex` or `wgpu`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Backend {
    #[default]
    Flex,
    Wgpu,
}

impl Backend {
    /// The backends this build can run, as they are written.
    pub const COMPILED: &'static [&'static str] = &[
        "flex",
        #[cfg(feature = "wgpu")]
        "wgpu",
    ];

    /// The device, opened and checked with a small computation, so that a missing GPU or driver
    /// is an error here and not a panic in the middle of a run.
    pub fn device(self) -> Result<Device, String> {
        match self {
            Backend::Flex => Ok(Device::flex()),
            #[cfg(feature = "wgpu")]
            Backend::Wgpu => {
                let device = Device::wgpu(burn::tensor::DeviceKind::DefaultDevice);
                probe(self, &device)?;
                Ok(device)
            }
            #[allow(unreachable_patterns)] // every backend is compiled in
            other => Err(format!(
                "backend `{other}` is not compiled into this build (it has {}); build with \
                 `--features train-{other}` (certplan) or `--features {other}` (crate train)",
                Backend::COMPILED.join(", "),
            )),
        }
    }
}

/// Runs 1 + 1 on the device and reads it back. The cubecl runtimes open the device lazily and
/// panic when there is none (no adapter, no driver), often on a thread of their own, which the
/// caller then sees as a closed channel. Those panics are caught here, and the first panic message
/// of any thread becomes the error, without panic reports on stderr.
#[cfg(feature = "wgpu")]
fn probe(backend: Backend, device: &Device) -> Result<(), String> {
    use std::sync::{Arc, Mutex};
    static HOOK: Mutex<()> = Mutex::new(());
    let _hook = HOOK.lock().unwrap_or_else(|e| e.into_inner());
    let first: Arc<Mutex<Option<String>>> = Arc::default();
    let previous = std::panic::take_hook();
    let seen = first.clone();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "the runtime panicked".into());
        seen.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(message);
    }));
    let d = device.clone();
    let result = std::panic::catch_unwind(move || {
        let one = Tensor::<1>::from_data(TensorData::new(vec![1f32], [1]), &d);
        (one.clone() + one).into_scalar::<f32>()
    });
    std::panic::set_hook(previous);
    match result {
        Ok(2.0) => Ok(()),
        Ok(other) => Err(format!("backend `{backend}`: 1 + 1 gave {other} on the device")),
        Err(_) => {
            let why = first.lock().unwrap_or_else(|e| e.into_inner()).take();
            Err(format!(
                "backend `{backend}` cannot open a device: {}",
                why.unwrap_or_else(|| "the runtime panicked".into())
            ))
        }
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Backend::Flex => "flex",
            Backend::Wgpu => "wgpu",
        })
    }
}

impl std::str::FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "flex" | "cpu" => Ok(Backend::Flex),
            "wgpu" => Ok(Backend::Wgpu),
            _ => Err(format!("unknown backend `{s}`: expected flex or wgpu")),
        }
    }
}

impl From<Backend> for String {
    fn from(b: Backend) -> String {
        b.to_string()
    }
}

impl TryFrom<String> for Backend {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

/// What `config.json` holds: enough to rebuild the model and read new data.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Saved {
    pub model: ModelConfig,
    pub train: TrainConfig,
    pub vocab: Vec<String>,
    pub parameters: usize,
    pub dataset: String,
    pub train_examples: usize,
    pub train_seconds: f64,
    pub final_loss: f32,
}

/// One line of `metrics.jsonl`.
#[derive(Clone, Debug, Serialize)]
pub struct Metrics {
    pub step: usize,
    pub loss: f32,
    /// Accuracy on the training batches of the interval.
    pub train_accuracy: f64,
    pub examples_per_second: f64,
    pub seconds: f64,
}

/// The CPU training device (autodiff over `flex`).
pub fn device() -> Device {
    Device::flex().autodiff()
}

/// The token ids of a batch, right-padded, and the one-hot answer positions.
fn tensors(examples: &[Example], batch: &[usize], device: &Device) -> (Tensor<2, Int>, Tensor<2>, Tensor<1, Int>) {
    let t = batch.iter().map(|&i| examples[i].ids.len()).max().unwrap_or(1);
    let b = batch.len();
    let mut ids = vec![0i64; b * t];
    let mut answer = vec![0f32; b * t];
    let mut labels = Vec::with_capacity(b);
    for (r, &i) in batch.iter().enumerate() {
        let e = &examples[i];
        for (c, &id) in e.ids.iter().enumerate() {
            ids[r * t + c] = id as i64;
        }
        answer[r * t + e.ids.len() - 1] = 1.0;
        labels.push(i64::from(e.valid));
    }
    (
        Tensor::from_data(TensorData::new(ids, [b, t]), device),
        Tensor::from_data(TensorData::new(answer, [b, t]), device),
        Tensor::from_data(TensorData::new(labels, [b]), device),
    )
}

/// Trains on `dataset/train.jsonl`, writing into `out`. `progress` receives (step, steps, loss)
/// after every step (the front door draws the bar).
/// The backend's random generator is one per process. Seeding it and drawing a model's initial
/// weights must not interleave with another thread's draws: two runs in one process (parallel
/// tests, for one) would otherwise start from each other's numbers. Code that draws weights
/// outside these two functions (`ModelConfig::init` in a test) is not covered: the training
/// tests also run one at a time.
static RNG: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub fn train(
    dataset: &Path,
    out: &Path,
    cfg: &TrainConfig,
    mut progress: impl FnMut(usize, usize, f32),
) -> Result<Saved, String> {
    let vocab = data::read_vocab(&dataset.join("vocab.json"))?;
    let examples = data::read(&dataset.join("train.jsonl"), &vocab)?;
    if examples.is_empty() {
        return Err(format!("{}: no training examples", dataset.display()));
    }
    if cfg.random_offsets && cfg.positions != Positions::Absolute {
        return Err("random offsets shift absolute positions: they need --positions absolute".into());
    }
    let longest = examples.iter().map(|e| e.ids.len()).max().unwrap_or(1);
    if longest > cfg.max_len {
        return Err(format!("a training sequence has {longest} tokens, more than --max-len {}", cfg.max_len));
    }
    let device = cfg.backend.device()?.autodiff();
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create `{}`: {e}", out.display()))?;
    let mc = ModelConfig {
        vocab: vocab.len(),
        d_model: cfg.d_model,
        heads: cfg.heads,
        layers: cfg.layers,
        d_ff: cfg.d_ff,
        max_len: cfg.max_len,
        positions: cfg.positions,
    };
    let mut model = {
        let _drawing = RNG.lock().unwrap_or_else(|e| e.into_inner());
        device.seed(cfg.seed);
        mc.init(&device)
    };
    let parameters = model.num_params();
    let mut optim = AdamWConfig::new().with_weight_decay(cfg.weight_decay).init();
    let loss_fn = CrossEntropyLossConfig::new().init(&device);
    let metrics_path = out.join("metrics.jsonl");
    let mut metrics =
        std::fs::File::create(&metrics_path).map_err(|e| format!("cannot write `{}`: {e}", metrics_path.display()))?;
    let mut offsets = rand_chacha::ChaCha8Rng::seed_from_u64(cfg.seed ^ 0x5eed_0ff5);
    let start = Instant::now();
    let (mut epoch, mut queue) = (0u64, Vec::new());
    let (mut seen, mut correct, mut interval_examples, mut interval_start) = (0usize, 0usize, 0usize, Instant::now());
    let mut loss_sum = 0f32;
    let mut last_loss = f32::NAN;
    let mut saved = Saved {
        model: mc.clone(),
        train: cfg.clone(),
        vocab: vocab.clone(),
        parameters,
        dataset: dataset.display().to_string(),
        train_examples: examples.len(),
        train_seconds: 0.0,
        final_loss: f32::NAN,
    };
    for step in 1..=cfg.steps {
        if queue.is_empty() {
            queue = data::batches(&examples, cfg.batch, cfg.seed.wrapping_mul(1_000_003).wrapping_add(epoch));
            queue.reverse();
            epoch += 1;
        }
        let batch = queue.pop().unwrap_or_default();
        let (ids, answer, labels) = tensors(&examples, &batch, &device);
        let shift = cfg.random_offsets.then(|| {
            // The batch is padded to its longest sequence: every row of it must stay in the table.
            let room = cfg.max_len - ids.dims()[1];
            let s: Vec<i64> = batch.iter().map(|_| offsets.random_range(0..=room) as i64).collect();
            Tensor::<1, Int>::from_data(TensorData::new(s, [batch.len()]), &device)
        });
        let logits = model.forward_shifted(ids, shift, answer);
        let predicted = logits.clone().argmax(1).reshape([batch.len()]);
        let loss = loss_fn.forward(logits, labels.clone());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(cfg.lr, model, grads);
        last_loss = loss.into_scalar::<f32>();
        correct += predicted.equal(labels).float().sum().into_scalar::<f32>().round() as usize;
        seen += batch.len();
        interval_examples += batch.len();
        loss_sum += last_loss;
        progress(step, cfg.steps, last_loss);
        if step % cfg.log_every.max(1) == 0 || step == cfg.steps {
            let steps_in = if step % cfg.log_every.max(1) == 0 { cfg.log_every.max(1) } else { step % cfg.log_every };
            let m = Metrics {
                step,
                loss: loss_sum / steps_in as f32,
                train_accuracy: correct as f64 / seen.max(1) as f64,
                examples_per_second: interval_examples as f64 / interval_start.elapsed().as_secs_f64().max(1e-9),
                seconds: start.elapsed().as_secs_f64(),
            };
            let line = serde_json::to_string(&m).map_err(|e| e.to_string())?;
            writeln!(metrics, "{line}").map_err(|e| format!("cannot write `{}`: {e}", metrics_path.display()))?;
            (seen, correct, interval_examples, loss_sum, interval_start) = (0, 0, 0, 0.0, Instant::now());
        }
        if cfg.checkpoint_every > 0 && step % cfg.checkpoint_every == 0 && step < cfg.steps {
            saved.train_seconds = start.elapsed().as_secs_f64();
            saved.final_loss = last_loss;
            save(out, &model, &saved)?;
        }
    }
    saved.train_seconds = start.elapsed().as_secs_f64();
    saved.final_loss = last_loss;
    save(out, &model, &saved)?;
    Ok(saved)
}

fn save(out: &Path, model: &Verifier, saved: &Saved) -> Result<(), String> {
    let path = out.join("model.bpk");
    model.clone().save_file(&path).map_err(|e| format!("cannot write `{}`: {e:?}", path.display()))?;
    let cfg = out.join("config.json");
    let text = serde_json::to_string_pretty(saved).map_err(|e| e.to_string())?;
    std::fs::write(&cfg, text + "\n").map_err(|e| format!("cannot write `{}`: {e}", cfg.display()))
}

/// The domain a dataset directory was made from (its `meta.json`), or the directory's name when
/// that cannot be read; `certplan eval` labels curves with it.
pub fn dataset_domain(dataset: &Path) -> String {
    std::fs::read_to_string(dataset.join("meta.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["domain"].as_str().map(str::to_string))
        .unwrap_or_else(|| dataset.display().to_string())
}

/// A trained model read back from a run directory.
pub struct Trained {
    pub saved: Saved,
    pub model: Verifier,
    pub device: Device,
}

/// Reads a run directory onto `backend`'s device (weights are the same whichever backend
/// trained them).
pub fn load(run: &Path, backend: Backend) -> Result<Trained, String> {
    let cfg = run.join("config.json");
    let text = std::fs::read_to_string(&cfg).map_err(|e| format!("cannot read `{}`: {e}", cfg.display()))?;
    let saved: Saved = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", cfg.display()))?;
    let device = backend.device()?;
    let weights = run.join("model.bpk");
    let blank = {
        let _drawing = RNG.lock().unwrap_or_else(|e| e.into_inner());
        saved.model.init(&device)
    };
    let model = blank.try_load_file(&weights).map_err(|e| format!("cannot load `{}`: {e:?}", weights.display()))?;
    Ok(Trained { saved, model, device })
}

/// Accuracy of one group (a plan length or an object count).
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub key: usize,
    pub examples: usize,
    pub correct: usize,
    pub accuracy: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Evaluation {
    pub file: PathBuf,
    pub examples: usize,
    pub accuracy: f64,
    pub by_length: Vec<Cell>,
    pub by_objects: Vec<Cell>,
    pub seconds: f64,
}

fn cells(groups: std::collections::BTreeMap<usize, (usize, usize)>) -> Vec<Cell> {
    groups
        .into_iter()
        .map(|(key, (n, c))| Cell { key, examples: n, correct: c, accuracy: c as f64 / n.max(1) as f64 })
        .collect()
}

/// Scores a JSONL file with a trained model, `batch` sequences at a time (no autodiff graph).
pub fn evaluate(t: &Trained, file: &Path, batch: usize) -> Result<Evaluation, String> {
    let start = Instant::now();
    let examples = data::read(file, &t.saved.vocab)?;
    if let Some(e) = examples.iter().find(|e| e.ids.len() > t.saved.model.max_len) {
        return Err(format!(
            "{}: a sequence of {} tokens is longer than the model's maximum {} (train with a larger --max-len)",
            file.display(),
            e.ids.len(),
            t.saved.model.max_len
        ));
    }
    let mut by_length = std::collections::BTreeMap::new();
    let mut by_objects = std::collections::BTreeMap::new();
    let mut correct_total = 0;
    for b in data::batches(&examples, batch, 0) {
        let (ids, answer, labels) = tensors(&examples, &b, &t.device);
        let predicted = t.model.forward(ids, answer).argmax(1).reshape([b.len()]);
        let ok: Vec<f32> =
            predicted.equal(labels).float().into_data().try_to_vec::<f32>().map_err(|e| format!("{e:?}"))?;
        for (&i, &hit) in b.iter().zip(&ok) {
            let hit = hit > 0.5;
            let e = &examples[i];
            let l: &mut (usize, usize) = by_length.entry(e.length).or_default();
            l.0 += 1;
            l.1 += usize::from(hit);
            let o: &mut (usize, usize) = by_objects.entry(e.objects).or_default();
            o.0 += 1;
            o.1 += usize::from(hit);
            correct_total += usize::from(hit);
        }
    }
    Ok(Evaluation {
        file: file.to_path_buf(),
        examples: examples.len(),
        accuracy: correct_total as f64 / examples.len().max(1) as f64,
        by_length: cells(by_length),
        by_objects: cells(by_objects),
        seconds: start.elapsed().as_secs_f64(),
    })
}

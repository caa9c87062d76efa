//! A small decoder-only transformer that reads a plan-verification sequence up to its `<answer>`
//! token and predicts the verdict there (verdict-only labels: one class per sequence, no token
//! loss). Pre-LN blocks with causal self-attention, GELU feed-forward, and one of three positional
//! encodings: learned absolute positions, rotary (RoPE on queries and keys), or none (the causal
//! mask alone breaks the symmetry).

use burn::module::Module;
use burn::nn::{
    Embedding, EmbeddingConfig, LayerNorm, LayerNormConfig, Linear, LinearConfig, RotaryEncoding, RotaryEncodingConfig,
};
use burn::prelude::*;
use burn::tensor::activation::{gelu, softmax};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Positions {
    Absolute,
    Rotary,
    None,
}

impl std::str::FromStr for Positions {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "absolute" | "ape" => Ok(Positions::Absolute),
            "rotary" | "rope" => Ok(Positions::Rotary),
            "none" | "nope" => Ok(Positions::None),
            _ => Err(format!("`{s}`: positional encoding must be absolute, rotary or none")),
        }
    }
}

/// The architecture; saved beside the weights so `eval` can rebuild the model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelConfig {
    pub vocab: usize,
    pub d_model: usize,
    pub heads: usize,
    pub layers: usize,
    pub d_ff: usize,
    /// The longest sequence the model accepts (absolute positions and RoPE tables are this long).
    pub max_len: usize,
    pub positions: Positions,
}

#[derive(Module, Debug)]
pub struct Attention {
    query: Linear,
    key: Linear,
    value: Linear,
    output: Linear,
    rope: Option<RotaryEncoding>,
    heads: usize,
}

#[derive(Module, Debug)]
pub struct Block {
    norm1: LayerNorm,
    attention: Attention,
    norm2: LayerNorm,
    ff_in: Linear,
    ff_out: Linear,
}

#[derive(Module, Debug)]
pub struct Verifier {
    tokens: Embedding,
    positions: Option<Embedding>,
    blocks: Vec<Block>,
    norm: LayerNorm,
    head: Linear,
}

impl ModelConfig {
    pub fn init(&self, device: &Device) -> Verifier {
        assert!(self.d_model.is_multiple_of(self.heads), "d_model must be a multiple of heads");
        let dh = self.d_model / self.heads;
        let block = || Block {
            norm1: LayerNormConfig::new(self.d_model).init(device),
            attention: Attention {
                query: LinearConfig::new(self.d_model, self.d_model).init(device),
                key: LinearConfig::new(self.d_model, self.d_model).init(device),
                value: LinearConfig::new(self.d_model, self.d_model).init(device),
                output: LinearConfig::new(self.d_model, self.d_model).init(device),
                rope: (self.positions == Positions::Rotary)
                    .then(|| RotaryEncodingConfig::new(self.max_len, dh).init(device)),
                heads: self.heads,
            },
            norm2: LayerNormConfig::new(self.d_model).init(device),
            ff_in: LinearConfig::new(self.d_model, self.d_ff).init(device),
            ff_out: LinearConfig::new(self.d_ff, self.d_model).init(device),
        };
        Verifier {
            tokens: EmbeddingConfig::new(self.vocab, self.d_model).init(device),
            positions: (self.positions == Positions::Absolute)
                .then(|| EmbeddingConfig::new(self.max_len, self.d_model).init(device)),
            blocks: (0..self.layers).map(|_| block()).collect(),
            norm: LayerNormConfig::new(self.d_model).init(device),
            head: LinearConfig::new(self.d_model, 2).init(device),
        }
    }
}

impl Attention {
    fn forward(&self, x: Tensor<3>, causal: Tensor<4, Bool>) -> Tensor<3> {
        let [b, t, d] = x.dims();
        let dh = d / self.heads;
        let split = |y: Tensor<3>| y.reshape([b, t, self.heads, dh]).swap_dims(1, 2);
        let (mut q, mut k) = (split(self.query.forward(x.clone())), split(self.key.forward(x.clone())));
        let v = split(self.value.forward(x));
        if let Some(rope) = &self.rope {
            q = rope.forward(q);
            k = rope.forward(k);
        }
        let scores = q.matmul(k.swap_dims(2, 3)).div_scalar((dh as f64).sqrt());
        let causal = causal.expand([b, self.heads, t, t]);
        let weights = softmax(scores.mask_fill(causal, -1.0e9), 3);
        let context = weights.matmul(v).swap_dims(1, 2).reshape([b, t, d]);
        self.output.forward(context)
    }
}

impl Verifier {
    /// Logits `[batch, 2]` (class 1 = valid) read at each sequence's `<answer>` position.
    /// `tokens` is `[batch, time]`, right-padded; `answer` is a one-hot `[batch, time]` of the
    /// answer positions (causal attention: padding after the answer cannot reach it).
    pub fn forward(&self, tokens: Tensor<2, Int>, answer: Tensor<2>) -> Tensor<2> {
        self.forward_shifted(tokens, None, answer)
    }

    /// [`Verifier::forward`] with each sequence's first token at row `shift[i]` of the absolute
    /// position table instead of row 0. Training with random shifts trains every row of the
    /// table, also those that only sequences longer than the training ones reach (the setting of
    /// paper 002's length-generalization theory for absolute positions); other encodings ignore it.
    pub fn forward_shifted(
        &self,
        tokens: Tensor<2, Int>,
        shift: Option<Tensor<1, Int>>,
        answer: Tensor<2>,
    ) -> Tensor<2> {
        let [b, t] = tokens.dims();
        let device = tokens.device();
        let mut x = self.tokens.forward(tokens);
        if let Some(p) = &self.positions {
            let mut idx = Tensor::<1, Int>::arange(0..t as i64, &device).reshape([1, t]).expand([b, t]);
            if let Some(s) = shift {
                idx = idx + s.reshape([b, 1]).expand([b, t]);
            }
            x = x + p.forward(idx);
        }
        let causal = Tensor::<2, Bool>::tril_mask([t, t], 0, &device).reshape([1, 1, t, t]);
        for blk in &self.blocks {
            let h = blk.attention.forward(blk.norm1.forward(x.clone()), causal.clone());
            x = x + h;
            let h = blk.ff_out.forward(gelu(blk.ff_in.forward(blk.norm2.forward(x.clone()))));
            x = x + h;
        }
        let x = self.norm.forward(x);
        let d = x.dims()[2];
        let at = (x * answer.unsqueeze_dim::<3>(2)).sum_dim(1).reshape([b, d]);
        self.head.forward(at)
    }
}

#!/usr/bin/env python3
"""Training throughput of `certplan train` (burn, CPU) against PyTorch on CPU, same model, same data.

Both sides train paper 002's verifier model (token + learned absolute position embeddings, pre-LN
blocks with causal multi-head attention and a GELU feed-forward of 4 d, final LayerNorm, a 2-class
head read at the `<answer>` position, cross-entropy, AdamW lr 1e-3 weight decay 0.01) for the same
number of steps on the same synthetic dataset: every sequence exactly SEQ tokens, random tokens of
a vocabulary of about 100, random labels (throughput does not depend on what is learnt). The
script checks that both models have the same parameter count.

Throughput is examples per second in the steady state: the steps after the first log interval
(burn: from `metrics.jsonl`; PyTorch: timed the same way after the same warm-up). Rounds alternate
burn, PyTorch, burn, ...; the result is the median of the per-round ratios burn / PyTorch.

Needs torch (`pip install torch`, not in CI) and a certplan built with `--features train`:

    cargo build -p certplan --features train      # the dev profile builds burn at opt-level 2
    python3 bench/train_throughput.py --certplan target/debug/certplan --rounds 3

Threads: burn's CPU backend uses rayon over all cores; PyTorch is given the same count
(torch.set_num_threads(os.cpu_count())) unless --threads says otherwise.
"""
import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--certplan", default="target/debug/certplan")
ap.add_argument("--d-model", type=int, default=64)
ap.add_argument("--heads", type=int, default=4)
ap.add_argument("--layers", type=int, default=2)
ap.add_argument("--batch", type=int, default=32)
ap.add_argument("--seq", type=int, default=128, help="tokens per sequence, <answer> included")
ap.add_argument("--steps", type=int, default=60)
ap.add_argument("--warmup", type=int, default=10, help="steps left out of the timing (one log interval)")
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--threads", type=int, default=os.cpu_count())
ap.add_argument("--sdpa", action="store_true", help="PyTorch: fused scaled_dot_product_attention")
ap.add_argument("--out", help="append one JSON line with the results to this file")
args = ap.parse_args()
assert args.steps % args.warmup == 0, "--steps must be a multiple of --warmup (burn logs every --warmup steps)"

import torch  # noqa: E402  (after argparse, so --help works without torch)
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

torch.set_num_threads(args.threads)
WORDS = [f"t{i}" for i in range(96)]
VOCAB = ["<answer>", "valid", "invalid"] + WORDS  # vocab.json; the model adds <pad> at id 0


def make_dataset(path, n=512, seed=1):
    rng = random.Random(seed)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "vocab.json"), "w") as f:
        json.dump({"tokens": VOCAB}, f)
    rows = []
    with open(os.path.join(path, "train.jsonl"), "w") as f:
        for _ in range(n):
            toks = [rng.choice(WORDS) for _ in range(args.seq - 1)] + ["<answer>"]
            label = rng.choice(["valid", "invalid"])
            f.write(json.dumps({"tokens": toks + [label], "label": label, "length": 1, "objects": 1}) + "\n")
            rows.append((toks, label))
    return rows


class Block(nn.Module):
    def __init__(self, d, h, ff):
        super().__init__()
        self.h = h
        self.norm1, self.norm2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))
        self.ff_in, self.ff_out = nn.Linear(d, ff), nn.Linear(ff, d)

    def attention(self, x):
        b, t, d = x.shape
        dh = d // self.h
        split = lambda y: y.view(b, t, self.h, dh).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
        if args.sdpa:
            ctx = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            # The same operations as the burn model: scores, causal mask fill, softmax, matmul.
            scores = q @ k.transpose(2, 3) / math.sqrt(dh)
            mask = torch.triu(torch.ones(t, t, dtype=torch.bool), 1)
            ctx = torch.softmax(scores.masked_fill(mask, -1.0e9), dim=3) @ v
        return self.o(ctx.transpose(1, 2).reshape(b, t, d))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.ff_out(F.gelu(self.ff_in(self.norm2(x))))


class Verifier(nn.Module):
    def __init__(self, vocab, d, h, layers, max_len):
        super().__init__()
        self.tokens, self.positions = nn.Embedding(vocab, d), nn.Embedding(max_len, d)
        self.blocks = nn.ModuleList(Block(d, h, 4 * d) for _ in range(layers))
        self.norm, self.head = nn.LayerNorm(d), nn.Linear(d, 2)

    def forward(self, ids, answer):
        b, t = ids.shape
        x = self.tokens(ids) + self.positions(torch.arange(t).expand(b, t))
        for blk in self.blocks:
            x = blk(x)
        x = self.norm(x)
        return self.head((x * answer.unsqueeze(2)).sum(1))


def torch_round(rows, seed):
    torch.manual_seed(seed)
    ids_of = {w: i + 1 for i, w in enumerate(VOCAB)}
    model = Verifier(len(VOCAB) + 1, args.d_model, args.heads, args.layers, args.seq)
    params = sum(p.numel() for p in model.parameters())
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    rng = random.Random(seed)
    order = list(range(len(rows)))
    t0 = None
    for step in range(1, args.steps + 1):
        if step == args.warmup + 1:
            t0 = time.perf_counter()
        batch = rng.sample(order, args.batch)
        ids = torch.tensor([[ids_of[w] for w in rows[i][0]] for i in batch])
        answer = torch.zeros(args.batch, args.seq)
        answer[:, -1] = 1.0
        labels = torch.tensor([int(rows[i][1] == "valid") for i in batch])
        loss = F.cross_entropy(model(ids, answer), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    secs = time.perf_counter() - t0
    return (args.steps - args.warmup) * args.batch / secs, params


def burn_round(data, seed):
    run = os.path.join(data, f"run{seed}")
    shutil.rmtree(run, ignore_errors=True)
    cmd = [args.certplan, "-q", "train", data, "-o", run, "--d-model", str(args.d_model), "--heads",
           str(args.heads), "--layers", str(args.layers), "--steps", str(args.steps), "--batch", str(args.batch),
           "--lr", "1e-3", "--weight-decay", "0.01", "--seed", str(seed), "--max-len", str(args.seq),
           "--log-every", str(args.warmup)]
    env = dict(os.environ, RAYON_NUM_THREADS=str(args.threads))
    subprocess.run(cmd, check=True, env=env)
    m = [json.loads(line) for line in open(os.path.join(run, "metrics.jsonl"))]
    first = m[0]["seconds"]
    secs = m[-1]["seconds"] - first
    params = json.load(open(os.path.join(run, "config.json")))["parameters"]
    return (args.steps - args.warmup) * args.batch / secs, params


def main():
    data = tempfile.mkdtemp(prefix="certplan-train-bench-")
    try:
        rows = make_dataset(data)
        ratios, burn, pt = [], [], []
        for r in range(1, args.rounds + 1):
            b, pb = burn_round(data, r)
            t, pp = torch_round(rows, r)
            if pb != pp:
                sys.exit(f"parameter counts differ: burn {pb}, PyTorch {pp}: not the same model")
            burn.append(b)
            pt.append(t)
            ratios.append(b / t)
            print(f"round {r}: burn {b:.1f} ex/s, PyTorch {t:.1f} ex/s, ratio {b / t:.3f} ({pb} parameters)",
                  flush=True)
        res = {"d_model": args.d_model, "heads": args.heads, "layers": args.layers, "batch": args.batch,
               "seq": args.seq, "steps": args.steps, "warmup": args.warmup, "threads": args.threads,
               "sdpa": args.sdpa, "parameters": pb, "torch": torch.__version__,
               "burn_examples_per_s": statistics.median(burn), "torch_examples_per_s": statistics.median(pt),
               "median_ratio_burn_over_torch": statistics.median(ratios), "ratios": ratios}
        print(json.dumps(res))
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(res) + "\n")
    finally:
        shutil.rmtree(data, ignore_errors=True)


main()

//! `certplan verify-tokens DOMAIN FILE.jsonl [--verifier counting|crasp] [--print-program]`: runs
//! a verifier of paper 002 over a dataset file that `certplan dataset` wrote and reports how often
//! its verdicts agree with the labels, and the first line where they do not (the work is in
//! `verifylang::agreement` and `verifylang::crasp`). `crasp` runs the generated C*-RASP program,
//! which exists for delete-free and well-formed domains only; for the others the command says
//! "not expressible" and exits 1.

use crate::{Fatal, Outcome, Ui, output, stdio};
use pddl::SourceMap;
use serde_json::json;
use std::path::PathBuf;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Verifier {
    /// The counting verifier (net adds minus deletes per atom), for any STRIPS domain.
    Counting,
    /// The generated C*-RASP program, interpreted.
    Crasp,
}

#[derive(clap::Args)]
pub struct VerifyTokensArgs {
    /// The library domain the dataset was made from.
    domain: String,
    /// A dataset file (`train.jsonl`, `test.jsonl`).
    file: PathBuf,
    #[arg(long, value_enum, default_value = "counting")]
    verifier: Verifier,
    /// Print the C*-RASP program (with `--verifier crasp`) before running it.
    #[arg(long)]
    print_program: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &VerifyTokensArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let Some(domain) = domains::find(&args.domain) else {
        let names: Vec<&str> = domains::library().iter().map(|d| d.name).collect();
        return Err(Fatal(format!("no library domain `{}`; known: {}", args.domain, names.join(", "))));
    };
    let lifted = domains::lifted_domain(domain.pddl).map_err(|e| Fatal(format!("{}: {e}", domain.name)))?;
    let lines = verifylang::agreement::read(&args.file).map_err(Fatal)?;
    let (name, result) = match args.verifier {
        Verifier::Counting => (
            "counting",
            verifylang::agreement::compare(&lines, |t| {
                verifylang::counting::verify(&lifted, t).map(|v| v.valid).map_err(|e| e.0)
            }),
        ),
        Verifier::Crasp => match verifylang::crasp::verification_program(&lifted) {
            Ok(p) => {
                if args.print_program && !args.json {
                    stdio::print(&p.to_string())?;
                }
                ("crasp", verifylang::agreement::compare(&lines, |t| Ok(p.run(t))))
            }
            Err(e) => {
                let message = format!("{}: {e}", domain.name);
                if args.json {
                    let mut v =
                        output::envelope("verify-tokens", 1, &SourceMap::new(), &[], json!({ "agreement": null }));
                    v["error"] = message.clone().into();
                    stdio::print(&format!("{v}\n"))?;
                } else {
                    stdio::eprint(&format!("{message}\n"));
                }
                return Ok(Outcome::InputErrors);
            }
        },
    };
    let a = result.map_err(|e| Fatal(format!("{}: {e}", args.file.display())))?;
    if args.json {
        let fields = json!({ "domain": domain.name, "verifier": name, "file": args.file.display().to_string(),
            "agreement": a, "rate": a.rate() });
        output::print_json("verify-tokens", Outcome::Fine, &SourceMap::new(), &[], fields)?;
    } else if !ui.quiet {
        let mut s = format!(
            "{name} verifier on {}: {}/{} agree ({:.2} %); valid called invalid: {}, invalid called valid: {}\n",
            args.file.display(),
            a.agree,
            a.examples,
            100.0 * a.rate(),
            a.valid_called_invalid,
            a.invalid_called_valid
        );
        if let Some(d) = &a.first_disagreement {
            s.push_str(&format!(
                "first disagreement: line {} (length {}), label {}, verifier says {}\n",
                d.line,
                d.length.map_or("?".into(), |l| l.to_string()),
                d.label,
                d.verdict
            ));
        }
        stdio::print(&s)?;
    }
    Ok(Outcome::Fine)
}

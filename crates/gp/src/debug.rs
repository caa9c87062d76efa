//! The debug sets of the generalized-plan loop (paper 000: "six small problem instances per
//! domain"): six seeded instances of the library generator, the first sizes of the IPC 2023
//! `easy` schedule where the domain has one, otherwise the generator's defaults with the first parameter
//! growing by one per task.

use domains::GenError;

/// How many tasks a debug set has.
pub const SIZE: usize = 6;

/// One generated task: its name and PDDL text.
pub struct Task {
    pub name: String,
    pub text: String,
}

/// The debug set of a library domain: (domain text, six problems). Seeds 1..=6.
pub fn debug_set(domain: &str) -> Result<(&'static str, Vec<Task>), GenError> {
    let d = domains::find(domain).ok_or_else(|| GenError(format!("`{domain}` is not a library domain")))?;
    let easy = d.splits.iter().find(|s| s.name == "easy");
    let mut out = Vec::new();
    for i in 0..SIZE {
        // The first sixth of the easy schedule: small tasks that still differ in size.
        let params = match easy {
            Some(s) => d.split_params(s, i, SIZE * 5)?,
            // No schedule: the defaults, with the first parameter growing by one per task.
            None => match d.params.first() {
                Some(first) => d.params(&[(first.name.to_string(), (first.default + i as u32).min(first.max))])?,
                None => d.params(&[])?,
            },
        };
        let name = format!("debug{:02}", i + 1);
        let text = d.generate(&params, i as u64 + 1, &name)?;
        out.push(Task { name, text });
    }
    Ok((d.pddl, out))
}

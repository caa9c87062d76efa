//! A small plotting library on plotters: data in, picture file out. Two charts, both as PNG or
//! SVG (chosen by the file's extension):
//!
//! - [`line_chart`]: one curve per series, straight or as steps, optional log x axis (solved
//!   tasks against time, accuracy against plan length).
//! - [`scatter`]: points coloured by group on log-log (or linear) axes with the diagonal
//!   (expansions of one configuration against another).
//!
//! Text is drawn with DejaVu Sans, bundled as bytes (`assets/fonts`, with its licence), through
//! plotters' `ab_glyph` backend: nothing is needed from the system's fonts.

use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;
use plotters::style::FontStyle;
use std::path::Path;
use std::sync::Once;

static FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The bundled file is a valid TrueType font; a failure would show as missing text.
        let _ = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

/// One named set of points.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

impl Series {
    pub fn new(name: impl Into<String>, points: Vec<(f64, f64)>) -> Series {
        Series { name: name.into(), points }
    }
}

/// Axis and picture settings shared by both charts.
#[derive(Debug, Clone)]
pub struct Frame {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// Pixels (PNG) or points (SVG).
    pub size: (u32, u32),
}

impl Frame {
    pub fn new(title: impl Into<String>, x_label: impl Into<String>, y_label: impl Into<String>) -> Frame {
        Frame { title: title.into(), x_label: x_label.into(), y_label: y_label.into(), size: (900, 600) }
    }
}

/// A line chart: `series` as curves.
#[derive(Debug, Clone)]
pub struct LineChart {
    pub frame: Frame,
    pub series: Vec<Series>,
    /// A logarithmic x axis (points with x <= 0 are left out).
    pub log_x: bool,
    /// Draw each curve as a step function (the value holds until the next point), as cumulative
    /// counts are.
    pub step: bool,
    /// The x range; default: the data's.
    pub x_range: Option<(f64, f64)>,
    /// The y range; default: from 0 (or the least value) to the largest value.
    pub y_range: Option<(f64, f64)>,
}

/// A scatter plot: one colour per group; the diagonal y = x.
#[derive(Debug, Clone)]
pub struct Scatter {
    pub frame: Frame,
    pub groups: Vec<Series>,
    /// Log-log axes (points with a coordinate <= 0 are moved to the axis's least value).
    pub log: bool,
    pub diagonal: bool,
}

#[derive(Debug)]
pub struct PlotError(pub String);

impl std::fmt::Display for PlotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlotError {}

fn err<E: std::fmt::Display>(path: &Path) -> impl Fn(E) -> PlotError + '_ {
    move |e| PlotError(format!("cannot draw `{}`: {e}", path.display()))
}

/// The colours of series: a colour-blind-safe palette (Okabe-Ito), then repeated darker.
pub fn colour(i: usize) -> RGBColor {
    const P: [(u8, u8, u8); 8] = [
        (0, 114, 178),
        (213, 94, 0),
        (0, 158, 115),
        (204, 121, 167),
        (230, 159, 0),
        (86, 180, 233),
        (0, 0, 0),
        (240, 228, 66),
    ];
    let (r, g, b) = P[i % P.len()];
    let k = 1 + i / P.len();
    RGBColor(r / k as u8, g / k as u8, b / k as u8)
}

/// Whether to write an SVG (`.svg`) or a PNG (`.png`); anything else is refused.
fn kind(path: &Path) -> Result<bool, PlotError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => Ok(true),
        Some("png") => Ok(false),
        _ => Err(PlotError(format!("`{}`: a picture file must end in .png or .svg", path.display()))),
    }
}

/// Draws a line chart into `path` (.png or .svg).
pub fn line_chart(chart: &LineChart, path: &Path) -> Result<(), PlotError> {
    register_font();
    let size = chart.frame.size;
    if kind(path)? {
        let root = SVGBackend::new(path, size).into_drawing_area();
        draw_lines(chart, &root).map_err(err(path))?;
        root.present().map_err(err(path))
    } else {
        let root = BitMapBackend::new(path, size).into_drawing_area();
        draw_lines(chart, &root).map_err(err(path))?;
        root.present().map_err(err(path))
    }
}

/// Draws a scatter plot into `path` (.png or .svg).
pub fn scatter(chart: &Scatter, path: &Path) -> Result<(), PlotError> {
    register_font();
    let size = chart.frame.size;
    if kind(path)? {
        let root = SVGBackend::new(path, size).into_drawing_area();
        draw_scatter(chart, &root).map_err(err(path))?;
        root.present().map_err(err(path))
    } else {
        let root = BitMapBackend::new(path, size).into_drawing_area();
        draw_scatter(chart, &root).map_err(err(path))?;
        root.present().map_err(err(path))
    }
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn bounds(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.filter(|v| v.is_finite()).fold(None, |acc, v| match acc {
        None => Some((v, v)),
        Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
    })
}

/// A range that is not empty, widened a little.
fn pad(lo: f64, hi: f64, log: bool) -> (f64, f64) {
    if log {
        // Whole decades, so that the axis has labels at its ends.
        let lo = 10f64.powf(lo.max(1e-300).log10().floor());
        let hi = 10f64.powf(hi.max(lo).log10().ceil());
        if hi <= lo { (lo, lo * 10.0) } else { (lo, hi) }
    } else if hi - lo < 1e-9 {
        (lo - 1.0, hi + 1.0)
    } else {
        (lo, hi + (hi - lo) * 0.05)
    }
}

fn draw_lines<DB: DrawingBackend>(chart: &LineChart, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let keep = |p: &&(f64, f64)| p.0.is_finite() && p.1.is_finite() && (!chart.log_x || p.0 > 0.0);
    let xs = bounds(chart.series.iter().flat_map(|s| s.points.iter().filter(keep).map(|p| p.0)));
    let ys = bounds(chart.series.iter().flat_map(|s| s.points.iter().filter(keep).map(|p| p.1)));
    let (x0, x1) = chart.x_range.unwrap_or_else(|| {
        let (lo, hi) = xs.unwrap_or((1.0, 10.0));
        pad(lo, hi, chart.log_x)
    });
    let (y0, y1) = chart.y_range.unwrap_or_else(|| {
        let (lo, hi) = ys.unwrap_or((0.0, 1.0));
        pad(lo.min(0.0), hi, false)
    });
    let mut builder = ChartBuilder::on(root);
    builder.caption(&chart.frame.title, (FAMILY, 24)).margin(16).x_label_area_size(50).y_label_area_size(70);
    let fmt_x = |v: &f64| short(*v);
    if chart.log_x {
        let mut c = builder.build_cartesian_2d((x0..x1).log_scale(), y0..y1)?;
        mesh(&mut c, &chart.frame, &fmt_x)?;
        lines(&mut c, chart, keep)?;
        legend(&mut c)?;
    } else {
        let mut c = builder.build_cartesian_2d(x0..x1, y0..y1)?;
        mesh(&mut c, &chart.frame, &fmt_x)?;
        lines(&mut c, chart, keep)?;
        legend(&mut c)?;
    }
    Ok(())
}

/// Numbers on axes: short, without trailing zeros (0.01, 1, 10, 1e6).
fn short(v: f64) -> String {
    let a = v.abs();
    if a != 0.0 && !(1e-3..1e5).contains(&a) {
        format!("{v:.0e}")
    } else if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

fn mesh<'a, DB: DrawingBackend + 'a, X, Y>(
    c: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    frame: &Frame,
    fmt_x: &dyn Fn(&X::ValueType) -> String,
) -> DrawResult<DB>
where
    X: Ranged + ValueFormatter<<X as Ranged>::ValueType>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    c.configure_mesh()
        .x_desc(&frame.x_label)
        .y_desc(&frame.y_label)
        .x_label_formatter(fmt_x)
        .y_label_formatter(&|v: &f64| short(*v))
        .axis_desc_style((FAMILY, 18))
        .label_style((FAMILY, 14))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
}

fn lines<'a, DB: DrawingBackend + 'a, X>(
    c: &mut ChartContext<'a, DB, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>,
    chart: &LineChart,
    keep: impl Fn(&&(f64, f64)) -> bool,
) -> DrawResult<DB>
where
    X: Ranged<ValueType = f64>,
{
    for (i, s) in chart.series.iter().enumerate() {
        let pts: Vec<(f64, f64)> = s.points.iter().filter(|p| keep(p)).copied().collect();
        let pts = if chart.step {
            let mut out = Vec::with_capacity(pts.len() * 2);
            for (j, p) in pts.iter().enumerate() {
                if j > 0 {
                    out.push((p.0, pts[j - 1].1));
                }
                out.push(*p);
            }
            out
        } else {
            pts
        };
        let col = colour(i);
        c.draw_series(LineSeries::new(pts, col.stroke_width(2)))?
            .label(&s.name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], col.stroke_width(3)));
    }
    Ok(())
}

fn legend<'a, DB: DrawingBackend + 'a, X: Ranged, Y: Ranged>(
    c: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
) -> DrawResult<DB> {
    c.configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font((FAMILY, 15))
        .draw()
}

fn draw_scatter<DB: DrawingBackend>(chart: &Scatter, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let all = || chart.groups.iter().flat_map(|g| g.points.iter()).filter(|p| p.0.is_finite() && p.1.is_finite());
    let positive = bounds(all().flat_map(|p| [p.0, p.1]).filter(|v| *v > 0.0));
    let (lo, hi) = if chart.log {
        let (lo, hi) = positive.unwrap_or((1.0, 10.0));
        pad(lo, hi, true)
    } else {
        let (lo, hi) = bounds(all().flat_map(|p| [p.0, p.1])).unwrap_or((0.0, 1.0));
        pad(lo.min(0.0), hi, false)
    };
    // On log axes a zero (no expansion) sits on the least value.
    let place = |v: f64| if chart.log && v <= 0.0 { lo } else { v };
    let mut builder = ChartBuilder::on(root);
    builder.caption(&chart.frame.title, (FAMILY, 24)).margin(16).x_label_area_size(50).y_label_area_size(70);
    macro_rules! body {
        ($c:expr) => {{
            let c = &mut $c;
            mesh(c, &chart.frame, &|v: &f64| short(*v))?;
            if chart.diagonal {
                c.draw_series(LineSeries::new(vec![(lo, lo), (hi, hi)], BLACK.mix(0.5).stroke_width(1)))?;
            }
            for (i, g) in chart.groups.iter().enumerate() {
                let col = colour(i);
                let pts: Vec<(f64, f64)> = g
                    .points
                    .iter()
                    .filter(|p| p.0.is_finite() && p.1.is_finite())
                    .map(|p| (place(p.0), place(p.1)))
                    .collect();
                c.draw_series(pts.into_iter().map(|p| Circle::new(p, 4, col.filled())))?
                    .label(&g.name)
                    .legend(move |(x, y)| Circle::new((x + 10, y), 5, col.filled()));
            }
            legend(c)?;
        }};
    }
    if chart.log {
        let mut c = builder.build_cartesian_2d((lo..hi).log_scale(), (lo..hi).log_scale())?;
        body!(c);
    } else {
        let mut c = builder.build_cartesian_2d(lo..hi, lo..hi)?;
        body!(c);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_numbers() {
        assert_eq!(short(10.0), "10");
        assert_eq!(short(0.25), "0.25");
        assert_eq!(short(2e6), "2e6");
        assert_eq!(short(1e5), "1e5");
        assert_eq!(short(10000.0), "10000");
    }

    #[test]
    fn pictures_are_written() {
        let dir = std::env::temp_dir().join(format!("plot-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let chart = LineChart {
            frame: Frame::new("Solved tasks", "time (s)", "solved"),
            series: vec![
                Series::new("a", vec![(0.1, 1.0), (1.0, 2.0), (5.0, 3.0)]),
                Series::new("b", vec![(0.5, 1.0)]),
            ],
            log_x: true,
            step: true,
            x_range: None,
            y_range: None,
        };
        let sc = Scatter {
            frame: Frame::new("Expansions", "a", "b"),
            groups: vec![Series::new("d1", vec![(1.0, 10.0), (0.0, 5.0)]), Series::new("d2", vec![(100.0, 50.0)])],
            log: true,
            diagonal: true,
        };
        for ext in ["png", "svg"] {
            let p = dir.join(format!("line.{ext}"));
            line_chart(&chart, &p).unwrap();
            assert!(std::fs::metadata(&p).unwrap().len() > 1000);
            let p = dir.join(format!("scatter.{ext}"));
            scatter(&sc, &p).unwrap();
            assert!(std::fs::metadata(&p).unwrap().len() > 1000);
        }
        let svg = std::fs::read_to_string(dir.join("line.svg")).unwrap();
        assert!(svg.contains("Solved tasks") && svg.contains("time (s)"), "title and axis label in the SVG");
        assert!(line_chart(&chart, &dir.join("x.gif")).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}

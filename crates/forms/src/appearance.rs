//! Appearance streams: what a filled field looks like on the page, so the copy prints filled in
//! any reader — including those that ignore `/NeedAppearances` or do not regenerate them. Text is
//! set in the field's font and size from its `/DA` (auto size fits the box), inside the field's
//! background and border (`/MK`), with its alignment (`/Q`); a value the form's font cannot show
//! is set in DejaVu Sans from proseva-drafts, shaped and embedded as a subset.

use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, StringFormat, dictionary};
use proseva_drafts::unicode_text::{self, Line};

use crate::error::FormError;
use crate::font::{Appearance, FormFont, deref, number};
use crate::tree::{FieldNode, flag};

/// Auto size (`/DA` size 0) never goes above this (as Acrobat) nor below [`SMALLEST`].
const LARGEST: f32 = 12.0;
const SMALLEST: f32 = 4.0;
/// Line height as a share of the size.
const LEADING: f32 = 1.15;
/// DejaVu Sans's ascent and descent, in ems.
const UNICODE_VERTICAL: (f32, f32) = (0.928, -0.236);
/// The colour Acrobat highlights a list box's selected options with.
const SELECTED: [f32; 3] = [0.6, 0.757, 0.855];

/// What a text or choice widget shows.
pub(crate) enum Shown<'a> {
    /// One line (a text field, a drop-down's choice).
    Line(&'a str),
    /// Text wrapped to the box (a multiline text field).
    Lines(&'a str),
    /// A list box: every option's text, the selected ones highlighted.
    List { options: Vec<&'a str>, selected: Vec<usize> },
}

/// A text or choice widget's appearance, laid out and waiting to be drawn: values in DejaVu Sans
/// are drawn together, so all the fields filled share one subset of the font.
pub(crate) struct Pending {
    widget: ObjectId,
    box_: WidgetBox,
    /// Background, border and highlights, then the clip and the text colour.
    before: Vec<Operation>,
    pen: Pen,
    size: f32,
    /// Each line's start, baseline and text.
    lines: Vec<(f32, f32, String)>,
}

/// Lays out `shown` for one widget of `field`.
pub(crate) fn layout(
    doc: &Document,
    dr: Option<&Dictionary>,
    field: &FieldNode,
    widget: ObjectId,
    shown: &Shown,
) -> Result<Pending, FormError> {
    let dict = doc.get_dictionary(widget).map_err(|_| FormError::Damaged("a field's box is missing from the file".into()))?;
    let box_ = WidgetBox::of(doc, dict);
    let widget_da = dict.get(b"DA").ok().and_then(|d| deref(doc, d)).and_then(|d| d.as_str().ok());
    let da = Appearance::parse(widget_da.or(field.da.as_deref()));
    let texts: Vec<&str> = match shown {
        Shown::Line(t) | Shown::Lines(t) => vec![t],
        Shown::List { options, .. } => options.clone(),
    };
    // Line breaks are where lines end: they need no glyph.
    let form_font = FormFont::find(doc, dr, &da.font).filter(|f| texts.iter().all(|t| f.encode(&t.replace('\n', " ")).is_some()));
    let pen = match form_font {
        Some(font) => Pen::Form { name: if da.font.is_empty() { b"Helv".to_vec() } else { da.font.clone() }, font: Box::new(font) },
        None => Pen::Unicode,
    };
    let inset = box_.inset();
    let (inner_w, inner_h) = ((box_.width - 2.0 * inset - 2.0).max(0.0), (box_.height - 2.0 * inset).max(0.0));
    let (ascent, descent) = pen.vertical();
    let mut lines: Vec<(f32, f32, String)> = Vec::new();
    let mut highlights: Vec<[f32; 4]> = Vec::new();
    let size;
    match shown {
        Shown::Line(value) if field.has(flag::COMB) && field.max_len.is_some() => {
            let cells = field.max_len.unwrap_or(1).max(1) as f32;
            let cell = box_.width / cells;
            size = fit(da.size, (box_.height - 2.0 * inset) / (ascent - descent)).min(cell * 1.6).max(SMALLEST);
            let baseline = (box_.height - (ascent - descent) * size) / 2.0 - descent * size;
            for (index, c) in value.chars().enumerate() {
                let c = c.to_string();
                let w = pen.width(&c, size)?;
                lines.push((cell * index as f32 + (cell - w) / 2.0, baseline, c));
            }
        }
        Shown::Line(value) => {
            let mut s = fit(da.size, inner_h / (ascent - descent));
            let width = pen.width(value, s)?;
            // Too wide for the box at its size: smaller, so nothing is cut off on paper.
            if width > inner_w && width > 0.0 {
                s = (s * inner_w / width).max(SMALLEST);
            }
            size = s;
            let width = pen.width(value, size)?;
            let baseline = (box_.height - (ascent - descent) * size) / 2.0 - descent * size;
            lines.push((align(field.quadding, inset + 1.0, inner_w, width), baseline, value.to_string()));
        }
        Shown::Lines(value) => {
            let mut s = if da.size > 0.0 { da.size } else { LARGEST };
            let mut wrapped = pen.wrap(value, s, inner_w)?;
            while wrapped.len() as f32 * s * LEADING > inner_h && s > SMALLEST {
                s = (s - 0.5).max(SMALLEST);
                wrapped = pen.wrap(value, s, inner_w)?;
            }
            size = s;
            let mut baseline = box_.height - inset - 1.0 - ascent * size;
            for line in wrapped {
                let width = pen.width(&line, size)?;
                lines.push((align(field.quadding, inset + 1.0, inner_w, width), baseline, line));
                baseline -= size * LEADING;
            }
        }
        Shown::List { options, selected } => {
            size = if da.size > 0.0 { da.size } else { LARGEST };
            let row = size * LEADING;
            let visible = ((inner_h / row).floor() as usize).max(1);
            let first = selected.iter().copied().min().unwrap_or(0);
            let top = if first < visible { 0 } else { first };
            for (index, option) in options.iter().enumerate().skip(top).take(visible) {
                let row_top = box_.height - inset - (index - top) as f32 * row;
                if selected.contains(&index) {
                    highlights.push([inset, row_top - row, box_.width - 2.0 * inset, row]);
                }
                let baseline = row_top - row + (row - (ascent - descent) * size) / 2.0 - descent * size;
                lines.push((inset + 2.0, baseline, (*option).to_string()));
            }
        }
    }

    let mut before = box_.frame();
    for [x, y, w, h] in &highlights {
        before.push(Operation::new("rg", SELECTED.iter().map(|&c| c.into()).collect()));
        before.push(Operation::new("re", vec![(*x).into(), (*y).into(), (*w).into(), (*h).into()]));
        before.push(Operation::new("f", vec![]));
    }
    before.push(Operation::new("BMC", vec![Object::Name(b"Tx".to_vec())]));
    before.push(Operation::new("q", vec![]));
    before.push(Operation::new("re", vec![inset.into(), inset.into(), (box_.width - 2.0 * inset).max(0.0).into(), inner_h.into()]));
    before.push(Operation::new("W", vec![]));
    before.push(Operation::new("n", vec![]));
    before.extend(da.colour);
    Ok(Pending { widget, box_, before, pen, size, lines })
}

/// A drawn appearance: the widget, its new appearance stream, and whether the value is set in
/// DejaVu Sans (the form's font could not show it).
pub(crate) struct Drawn {
    pub widget: ObjectId,
    pub stream: ObjectId,
    pub unicode: bool,
}

/// Draws the laid-out appearances: each in the form's font, or together in DejaVu Sans.
pub(crate) fn draw(doc: &mut Document, pending: Vec<Pending>) -> Result<Vec<Drawn>, FormError> {
    let (unicode, own): (Vec<Pending>, Vec<Pending>) = pending.into_iter().partition(|p| matches!(p.pen, Pen::Unicode));
    let mut drawn = Vec::with_capacity(unicode.len() + own.len());
    for p in own {
        let Pen::Form { name, font } = &p.pen else { continue };
        let mut text = vec![Operation::new("BT", vec![]), Operation::new("Tf", vec![Object::Name(name.clone()), p.size.into()])];
        for (x, y, line) in &p.lines {
            text.push(Operation::new("Tm", vec![1.into(), 0.into(), 0.into(), 1.into(), (*x).into(), (*y).into()]));
            let bytes = font.encode(line).unwrap_or_default();
            text.push(Operation::new("Tj", vec![Object::String(bytes, StringFormat::Literal)]));
        }
        text.push(Operation::new("ET", vec![]));
        let fonts = dictionary! { name.clone() => font.object.clone() };
        drawn.push(Drawn { widget: p.widget, stream: p.finish(doc, text, fonts), unicode: false });
    }
    if unicode.is_empty() {
        return Ok(drawn);
    }
    let lines: Vec<Vec<Line>> =
        unicode.iter().map(|p| p.lines.iter().map(|(x, y, text)| Line { x: *x, baseline: *y, size: p.size, text }).collect()).collect();
    let blocks: Vec<&[Line]> = lines.iter().map(Vec::as_slice).collect();
    let (texts, fonts) = unicode_text::draw(doc, &blocks).map_err(|e| FormError::Damaged(format!("drawing a value failed ({e})")))?;
    for (p, text) in unicode.into_iter().zip(texts) {
        drawn.push(Drawn { widget: p.widget, stream: p.finish(doc, text, fonts.clone()), unicode: true });
    }
    Ok(drawn)
}

impl Pending {
    fn finish(self, doc: &mut Document, text: Vec<Operation>, fonts: Dictionary) -> ObjectId {
        let mut ops = self.before;
        ops.extend(text);
        ops.push(Operation::new("Q", vec![]));
        ops.push(Operation::new("EMC", vec![]));
        self.box_.stream(doc, ops, dictionary! { "Font" => fonts })
    }
}

/// An "on" and an "off" appearance for a check box that has none: a check mark from ZapfDingbats
/// (or the widget's own `/MK /CA` character).
pub(crate) fn check_box(doc: &mut Document, dr: Option<&Dictionary>, widget: ObjectId, on_state: &[u8]) -> Result<Object, FormError> {
    let (box_, mark) = {
        let dict = doc.get_dictionary(widget).map_err(|_| FormError::Damaged("a check box is missing from the file".into()))?;
        let mk = dict.get(b"MK").ok().and_then(|m| deref(doc, m)).and_then(|m| m.as_dict().ok());
        let mark = mk.and_then(|m| m.get(b"CA").ok()).and_then(|c| c.as_str().ok()).and_then(|c| c.first().copied()).unwrap_or(b'4');
        (WidgetBox::of(doc, dict), mark)
    };
    let zadb = dr
        .and_then(|dr| dr.get(b"Font").ok())
        .and_then(|f| deref(doc, f))
        .and_then(|f| f.as_dict().ok())
        .and_then(|f| f.get(b"ZaDb").ok())
        .cloned()
        .unwrap_or_else(|| Object::Dictionary(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "ZapfDingbats" }));
    let size = (box_.width.min(box_.height) - 2.0 * box_.inset()).max(1.0) * 0.8;
    // ZapfDingbats' check mark (`4`) is 0.846 em wide and about 0.7 em tall.
    let (x, y) = ((box_.width - 0.846 * size) / 2.0, (box_.height - 0.7 * size) / 2.0);
    let mut on = box_.frame();
    on.extend([
        Operation::new("q", vec![]),
        Operation::new("g", vec![0.into()]),
        Operation::new("BT", vec![]),
        Operation::new("Tf", vec![Object::Name(b"ZaDb".to_vec()), size.into()]),
        Operation::new("Td", vec![x.into(), y.into()]),
        Operation::new("Tj", vec![Object::String(vec![mark], StringFormat::Literal)]),
        Operation::new("ET", vec![]),
        Operation::new("Q", vec![]),
    ]);
    let on = box_.stream(doc, on, dictionary! { "Font" => dictionary! { "ZaDb" => zadb } });
    let off = box_.stream(doc, box_.frame(), Dictionary::new());
    Ok(Object::Dictionary(dictionary! { on_state.to_vec() => on, "Off" => off }))
}

/// The font text is drawn with.
enum Pen {
    /// The form's own font, under its name in the field's `/DA`.
    Form { name: Vec<u8>, font: Box<FormFont> },
    /// DejaVu Sans from proseva-drafts.
    Unicode,
}

impl Pen {
    fn vertical(&self) -> (f32, f32) {
        match self {
            Pen::Form { font, .. } => (font.ascent / 1000.0, font.descent / 1000.0),
            Pen::Unicode => UNICODE_VERTICAL,
        }
    }

    fn width(&self, text: &str, size: f32) -> Result<f32, FormError> {
        match self {
            Pen::Form { font, .. } => Ok(font.width(&font.encode(text).unwrap_or_default(), size)),
            Pen::Unicode => unicode_text::width(text, size).map_err(|e| FormError::Damaged(format!("measuring a value failed ({e})"))),
        }
    }

    /// `text` in lines no wider than `width`: at each line break, and between words where a line
    /// is full (a word wider than a line is cut).
    fn wrap(&self, text: &str, size: f32, width: f32) -> Result<Vec<String>, FormError> {
        if let Pen::Unicode = self {
            return unicode_text::wrap(text, size, width).map_err(|e| FormError::Damaged(format!("measuring a value failed ({e})")));
        }
        let mut lines = Vec::new();
        for paragraph in text.split('\n') {
            let mut line = String::new();
            for word in paragraph.split(' ') {
                let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
                if self.width(&candidate, size)? <= width || line.is_empty() && self.width(word, size)? <= width {
                    line = candidate;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                for c in word.chars() {
                    let longer = format!("{line}{c}");
                    if !line.is_empty() && self.width(&longer, size)? > width {
                        lines.push(std::mem::take(&mut line));
                        line.push(c);
                    } else {
                        line = longer;
                    }
                }
            }
            lines.push(line);
        }
        Ok(lines)
    }
}

/// A fixed size, or auto size: the most that fits `fits` (the box's height), within bounds.
fn fit(size: f32, fits: f32) -> f32 {
    if size > 0.0 { size } else { fits.clamp(SMALLEST, LARGEST) }
}

/// Where a line `width` wide starts in a space from `left`, `room` wide, by `/Q` (0 left, 1
/// centred, 2 right).
fn align(quadding: i64, left: f32, room: f32, width: f32) -> f32 {
    match quadding {
        1 => left + (room - width) / 2.0,
        2 => left + room - width,
        _ => left,
    }
}

/// A widget's box: its size (turned by `/MK /R`), border and background.
struct WidgetBox {
    width: f32,
    height: f32,
    rotation: i64,
    border: f32,
    border_colour: Option<Vec<f32>>,
    background: Option<Vec<f32>>,
    underline: bool,
}

impl WidgetBox {
    fn of(doc: &Document, widget: &Dictionary) -> WidgetBox {
        let rect: Vec<f32> = widget
            .get(b"Rect")
            .ok()
            .and_then(|r| deref(doc, r))
            .and_then(|r| r.as_array().ok())
            .map(|r| r.iter().filter_map(|v| deref(doc, v).and_then(number)).collect())
            .unwrap_or_default();
        let sane = |v: f32| if v.is_finite() { v.abs().min(14_400.0) } else { 0.0 };
        let (mut width, mut height) = match rect.as_slice() {
            [x1, y1, x2, y2] => (sane(x2 - x1), sane(y2 - y1)),
            _ => (0.0, 0.0),
        };
        let mk = widget.get(b"MK").ok().and_then(|m| deref(doc, m)).and_then(|m| m.as_dict().ok());
        let rotation = mk.and_then(|m| m.get(b"R").ok()).and_then(|r| r.as_i64().ok()).unwrap_or(0).rem_euclid(360);
        if rotation == 90 || rotation == 270 {
            std::mem::swap(&mut width, &mut height);
        }
        let colour = |key: &[u8]| -> Option<Vec<f32>> {
            let array = mk?.get(key).ok().and_then(|c| deref(doc, c))?.as_array().ok()?;
            let colour: Vec<f32> = array.iter().filter_map(number).collect();
            matches!(colour.len(), 1 | 3 | 4).then_some(colour)
        };
        let bs = widget.get(b"BS").ok().and_then(|b| deref(doc, b)).and_then(|b| b.as_dict().ok());
        let border = bs.and_then(|b| b.get(b"W").ok()).and_then(number).unwrap_or(1.0).clamp(0.0, 12.0);
        let underline = bs.and_then(|b| b.get(b"S").ok()).and_then(|s| s.as_name().ok()) == Some(b"U");
        WidgetBox { width, height, rotation, border, border_colour: colour(b"BC"), background: colour(b"BG"), underline }
    }

    /// Space kept clear inside the border.
    fn inset(&self) -> f32 {
        if self.border_colour.is_some() { self.border } else { 0.0 }
    }

    /// The background and border, as Acrobat draws them.
    fn frame(&self) -> Vec<Operation> {
        let mut ops = Vec::new();
        if let Some(bg) = &self.background {
            ops.push(colour_op(bg, false));
            ops.push(Operation::new("re", vec![0.into(), 0.into(), self.width.into(), self.height.into()]));
            ops.push(Operation::new("f", vec![]));
        }
        if let (Some(bc), true) = (&self.border_colour, self.border > 0.0) {
            let half = self.border / 2.0;
            ops.push(colour_op(bc, true));
            ops.push(Operation::new("w", vec![self.border.into()]));
            if self.underline {
                ops.push(Operation::new("m", vec![0.into(), half.into()]));
                ops.push(Operation::new("l", vec![self.width.into(), half.into()]));
            } else {
                let (w, h) = ((self.width - self.border).max(0.0), (self.height - self.border).max(0.0));
                ops.push(Operation::new("re", vec![half.into(), half.into(), w.into(), h.into()]));
            }
            ops.push(Operation::new("S", vec![]));
        }
        ops
    }

    /// A form XObject of `ops` sized to the box, turned as the widget is.
    fn stream(&self, doc: &mut Document, ops: Vec<Operation>, resources: Dictionary) -> ObjectId {
        let content = Content { operations: ops }.encode().unwrap_or_default();
        let mut dict = dictionary! {
            "Type" => "XObject",
            "Subtype" => "Form",
            "BBox" => vec![0.into(), 0.into(), self.width.into(), self.height.into()],
            "Resources" => resources,
        };
        let (w, h) = (self.width, self.height);
        let matrix: Option<[f32; 6]> = match self.rotation {
            90 => Some([0.0, 1.0, -1.0, 0.0, h, 0.0]),
            180 => Some([-1.0, 0.0, 0.0, -1.0, w, h]),
            270 => Some([0.0, -1.0, 1.0, 0.0, 0.0, w]),
            _ => None,
        };
        if let Some(matrix) = matrix {
            dict.set("Matrix", matrix.iter().map(|&v| v.into()).collect::<Vec<Object>>());
        }
        doc.add_object(Stream::new(dict, content))
    }
}

fn colour_op(colour: &[f32], stroke: bool) -> Operation {
    let operator = match (colour.len(), stroke) {
        (1, false) => "g",
        (1, true) => "G",
        (3, false) => "rg",
        (3, true) => "RG",
        (_, false) => "k",
        (_, true) => "K",
    };
    Operation::new(operator, colour.iter().map(|&c| c.into()).collect())
}

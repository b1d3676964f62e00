//! A diagram in the real window, and what the page lets a diagram's SVG do. Mermaid (vendored in
//! ui/vendor/mermaid/) draws a timeline and a flowchart in its frame; the page cleans what comes
//! back with its allow-list sanitiser (ui/svg-clean.js: DOMPurify's SVG profile, vendored in
//! ui/vendor/dompurify/) and shows the picture with its stylesheet scoped to it — every rule starts
//! with the picture's id, Mermaid's styles still reach it, a flowchart's arrowheads (references
//! inside the picture) are kept. Then the same sanitiser is fed hostile SVG — foreignObject with
//! HTML and an iframe, SMIL that rewrites `href`, event attributes, javascript: and data: links,
//! outside images, a `<style>` aimed at the whole page with an `@import`, an element that takes the
//! page's own `#chat-input` id — and what comes out is checked, shown in the page under its CSP
//! and its frozen `Object.prototype`, as the window shows a diagram.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars beside `proseva`).

mod support;

use serde_json::{Value, json};
use support::{Session, quit_leaving_nothing, sidecar_pids};

/// Draws `source` through the page's own path (ui/drafts.js `renderDiagram`: the frame, the
/// sanitiser, the scoped stylesheet adopted) into a figure in the page, and reports what is there.
const DRAW: &str = r#"
const done = arguments[arguments.length - 1];
const source = arguments[0];
import('./drafts.js').then(async (m) => {
  const box = document.createElement('div');
  document.body.append(box);
  const sheets = [];
  const ok = await m.renderDiagram(source, box, sheets);
  const svg = box.querySelector('figure.artifact-diagram > svg');
  const rules = sheets.flatMap((s) => [...s.cssRules]);
  const unscoped = svg ? rules.filter((r) => !r.selectorText || r.selectorText.split(',').some((s) => !s.trim().startsWith(`#${svg.id}`))) : [];
  // A rule that sets `fill` on something drawn: the computed fill of that thing is the rule's.
  let styled = null;
  for (const rule of rules) {
    const fill = rule.style && rule.style.getPropertyValue('fill');
    const target = fill && !rule.selectorText.includes(',') && svg.querySelector(rule.selectorText);
    if (target && target.tagName !== 'svg') {
      // The rule's colour as computed (an inline style outranks every rule of the sheet).
      const probe = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      probe.style.fill = fill;
      svg.append(probe);
      styled = { selector: rule.selectorText, ruleFill: getComputedStyle(probe).fill, computed: getComputedStyle(target).fill };
      probe.remove();
      break;
    }
  }
  const result = {
    ok,
    id: svg && svg.id,
    text: svg ? svg.textContent.replace(/\s+/g, ' ') : box.textContent,
    rules: rules.length,
    adopted: sheets.every((s) => document.adoptedStyleSheets.includes(s)),
    unscoped: unscoped.map((r) => r.cssText),
    styled,
    markers: svg ? [...svg.querySelectorAll('[marker-end]')].map((e) => e.getAttribute('marker-end')) : [],
    bodyDisplay: getComputedStyle(document.body).display,
  };
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => !sheets.includes(s));
  box.remove();
  done(result);
}).catch((e) => done({ failed: String((e && e.stack) || e) }));
"#;

fn draw(session: &Session, source: &str) -> Value {
    session.script_async(DRAW, json!([source])).unwrap()
}

/// Everything a diagram's SVG must not bring into the page, as well-formed SVG (Mermaid's output
/// is parsed as XML): the labels outside the bad parts must survive.
const HOSTILE_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" id="evil" onload="window.__pwned = 'svg onload'" viewBox="0 0 200 100" style="position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; z-index: 99999; fill: #123456">
<style>@import url("https://evil.example/x.css");
body { display: none }
#chat-input { visibility: hidden }
#hostile-test ~ * { display: none }
#hostile-test .label { fill: url(https://evil.example/p.svg#x) }
#hostile-test text { fill: #010203 }
@font-face { font-family: evil; src: url(https://evil.example/f.woff) }</style>
<foreignObject width="100" height="50"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:parent.__pwned='iframe'"></iframe><img src="x" onerror="parent.__pwned='img'"/><b>html label</b></div></foreignObject>
<a xlink:href="javascript:window.__pwned='link'"><text x="10" y="20" class="label">Click me</text></a>
<a href="data:text/html,&lt;script&gt;parent.__pwned='data'&lt;/script&gt;"><text x="10" y="30">data link</text></a>
<g onclick="window.__pwned='click'" onmouseover="window.__pwned='hover'"><rect width="10" height="10" fill="url(#grad)" stroke="url(https://evil.example/s)"/></g>
<a href="#ok"><animate attributeName="href" to="javascript:window.__pwned='animate'" begin="0s"/><set attributeName="xlink:href" to="javascript:window.__pwned='set'"/><text x="10" y="50">animated</text></a>
<text x="0" y="40"><animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="1s"/>Kept label</text>
<script>window.__pwned = 'script'</script>
<image href="https://evil.example/track.png" width="1" height="1"/>
<use href="https://evil.example/sprite.svg#a"/>
<circle id="chat-input" r="1" style="fill: url(https://evil.example/c); stroke: #abcdef"/>
<linearGradient id="grad"><stop offset="0" stop-color="red"/></linearGradient>
</svg>"##;

/// Cleans [`HOSTILE_SVG`] with the page's own sanitiser, shows it in the page with its stylesheet
/// for a moment (long enough for SMIL to have run), and reports what is there.
const CLEAN_HOSTILE: &str = r#"
const done = arguments[arguments.length - 1];
const hostile = arguments[0];
import('./svg-clean.js').then(async (m) => {
  window.__pwned = null;
  const refused = [
    m.cleanSvg('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject>', 'x-test'),
    m.cleanSvg('<html xmlns="http://www.w3.org/1999/xhtml"><body onload="window.__pwned = 1"/></html>', 'x-test'),
  ];
  const clean = m.cleanSvg(hostile, 'hostile-test');
  if (!clean) return done({ cleaned: false });
  const { svg, sheet, css } = clean;
  const box = document.createElement('figure');
  box.className = 'artifact-diagram';
  box.append(svg);
  document.body.append(box);
  if (sheet) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  await new Promise((r) => setTimeout(r, 1500));
  const all = [svg, ...svg.querySelectorAll('*')];
  const result = {
    cleaned: true,
    refused: refused.map((r) => r === null),
    id: svg.id,
    tags: [...new Set(all.map((e) => e.localName))],
    attributes: all.flatMap((e) => [...e.attributes].map((a) => `${e.localName} ${a.name}=${a.value}`)),
    text: svg.textContent.replace(/\s+/g, ' ').trim(),
    css,
    bodyDisplay: getComputedStyle(document.body).display,
    chatInputs: document.querySelectorAll('#chat-input').length,
    chatInputVisibility: getComputedStyle(document.querySelector('#chat-input')).visibility,
    rootPosition: getComputedStyle(svg).position,
    textFill: getComputedStyle(svg.querySelector('text')).fill,
    rectFill: svg.querySelector('rect').getAttribute('fill'),
    circleStroke: svg.querySelector('circle').style.stroke,
    pwned: window.__pwned,
  };
  box.remove();
  if (sheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  done(result);
}).catch((e) => done({ failed: String((e && e.stack) || e) }));
"#;

/// What the sanitiser let through of [`HOSTILE_SVG`]: only the harmless parts, styles scoped.
fn check_hostile_svg_is_cleaned(session: &Session) {
    let out = session.script_async(CLEAN_HOSTILE, json!([HOSTILE_SVG])).unwrap();
    assert_eq!(out["cleaned"], true, "{out}");
    assert_eq!(out["refused"], json!([true, true]), "malformed SVG and a non-SVG root are refused: {out}");
    assert_eq!(out["id"], "hostile-test", "{out}");
    let tags: Vec<&str> = out["tags"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    for gone in ["foreignObject", "div", "iframe", "img", "b", "script", "a", "animate", "set", "animateTransform", "image", "use", "style"]
    {
        assert!(!tags.contains(&gone), "<{gone}> is left: {tags:?}");
    }
    for kept in ["svg", "text", "g", "rect", "circle", "linearGradient", "stop"] {
        assert!(tags.contains(&kept), "<{kept}> is gone: {tags:?}");
    }
    for attribute in out["attributes"].as_array().unwrap().iter().filter_map(Value::as_str) {
        let (_, name_value) = attribute.split_once(' ').unwrap();
        assert!(!name_value.to_ascii_lowercase().starts_with("on"), "an event attribute: {attribute}");
        for bad in ["javascript", "data:", "evil.example", "position", "z-index"] {
            assert!(!attribute.contains(bad), "{bad} in {attribute}");
        }
    }
    let text = out["text"].as_str().unwrap();
    for label in ["Click me", "data link", "animated", "Kept label"] {
        assert!(text.contains(label), "the label {label:?} is kept: {text}");
    }
    assert!(!text.contains("html label"), "what was inside <foreignObject> is gone: {text}");
    assert_eq!(out["rectFill"], "url(#grad)", "a reference inside the picture stays: {out}");
    assert_eq!(out["circleStroke"], "rgb(171, 205, 239)", "a safe inline style stays: {out}");
    // The stylesheet: every rule scoped to the picture, the @import and @font-face gone, and the
    // page left as it was.
    let css = out["css"].as_str().unwrap();
    assert!(css.lines().all(|l| l.starts_with("#hostile-test")), "unscoped rules: {css}");
    assert!(css.contains("#hostile-test body") && css.contains("#hostile-test text"), "{css}");
    for bad in ["@import", "@font-face", "evil", "~"] {
        assert!(!css.contains(bad), "{bad} in {css}");
    }
    assert_eq!(out["bodyDisplay"], "block", "{out}");
    assert_eq!(out["chatInputs"], 1, "the picture took the page's #chat-input id: {out}");
    assert_eq!(out["chatInputVisibility"], "visible", "{out}");
    assert_eq!(out["rootPosition"], "static", "{out}");
    assert_eq!(out["textFill"], "rgb(1, 2, 3)", "the scoped rule styles the picture: {out}");
    assert_eq!(out["pwned"], Value::Null, "{out}");
}

#[test]
fn diagrams_are_drawn_cleaned_and_scoped_and_hostile_svg_brings_nothing_into_the_page() {
    let data = tempfile::tempdir().unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_LLM", "offline".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
    ];
    let (_xvfb, _driver, session) = support::launch(&env);
    // The window's page runs with Object.prototype frozen (Tauri's freezePrototype); so does the
    // sanitiser.
    assert_eq!(session.script("return Object.isFrozen(Object.prototype)", json!([])).unwrap(), json!(true));

    // A timeline: drawn, its labels kept, every rule of its stylesheet scoped to it, and those
    // rules still styling it.
    let timeline = draw(
        &session,
        "timeline\n    title What happened\n    section January 2026\n        Jan 10 : Separated\n        Jan 24 : Moved out\n",
    );
    assert_eq!(timeline["ok"], true, "{timeline}");
    let id = timeline["id"].as_str().unwrap_or_default();
    assert!(id.starts_with("draft-diagram-"), "{timeline}");
    let labels = timeline["text"].as_str().unwrap().split_whitespace().collect::<String>();
    assert!(labels.contains("Whathappened") && labels.contains("Separated") && labels.contains("Movedout"), "{labels}");
    assert!(timeline["rules"].as_u64().unwrap_or(0) > 20, "Mermaid's stylesheet is kept: {timeline}");
    assert_eq!(timeline["adopted"], true, "{timeline}");
    assert_eq!(timeline["unscoped"], json!([]), "{timeline}");
    let styled = &timeline["styled"];
    assert!(styled["computed"].is_string() && styled["computed"] == styled["ruleFill"], "the scoped rules style the picture: {timeline}");
    assert_eq!(timeline["bodyDisplay"], "block");

    // A flowchart: its arrowheads are references inside the picture, and are kept.
    let flowchart = draw(&session, "flowchart TD\n  A[Petition filed] --> B[Custody hearing]");
    assert_eq!(flowchart["ok"], true, "{flowchart}");
    assert_ne!(flowchart["id"], timeline["id"], "each picture has an id of its own");
    let flow_id = flowchart["id"].as_str().unwrap_or_default();
    let markers = flowchart["markers"].as_array().unwrap();
    assert!(
        !markers.is_empty() && markers.iter().all(|m| m.as_str().is_some_and(|m| m.starts_with(&format!("url(#{flow_id}")))),
        "{flowchart}"
    );
    assert_eq!(flowchart["unscoped"], json!([]), "{flowchart}");

    check_hostile_svg_is_cleaned(&session);

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}

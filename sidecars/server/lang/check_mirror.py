#!/usr/bin/env python3
"""Check that a Spanish mirror of a JSON data file says the same thing as its English original.

    python3 check_mirror.py EN.json ES.json

Walks both trees in parallel and fails (exit 1, one line per problem, each with its path, e.g.
`kinds[0].steps[1].what`) when:

- structure: the two trees differ in shape: a value's type, an object's keys or their order, an
  array's length;
- data: a data value differs. A value is data when it is not a string (numbers, booleans, null),
  when its key (or, inside an array, the array's key) is in DATA_KEYS, or when it is a `court`
  that is an id (`"general-district"`, `"circuit"`: no spaces) rather than a court named in words;
- untranslated: a text string of the Spanish is identical to the English (strings with no letters
  are exempt);
- figures: a text string and its translation do not state the same figures. Compared as multisets:
    * dates: English "July 1, 2026" / "July 2026" against Spanish "1 de julio de 2026" /
      "julio de 2026", as (day, month, year);
    * sections of the Code: 55.1-1245, 8.01-126, 16.1-69.48:5 (with or without a § before them);
    * Rule numbers and clock times: 3:8(a), 5A:6(c), 1:7, 11:59;
    * bill numbers: HB 15, SB 48;
    * form numbers: DC-421;
    * every other number, as written: digits with `,` `.` separators, with the `$` kept when there
      is one ("$4,500" must stay "$4,500": "4.500" or "4,500 dólares" fail);
    * durations, whether in digits or words: "seven business days" against "siete días hábiles",
      "two years" against "dos años", "24 hours" against "24 horas", as (number, unit, business);
      an age is not a duration ("under 18" may become "menos de 18 años", "21 or older" "21 años o
      más"; its number is still compared with the other numbers).

Used for paths/paths.es.json and rules/deadlines.es.json; the server's Rust tests do the same.
"""

import json
import re
import sys
from collections import Counter

# Keys whose values (strings, or arrays of strings) are ids, keys, references or citations that
# code compares or looks up, never words a person reads in their language.
DATA_KEYS = {
    "id",  # kind, step and rule ids
    "key",  # date keys (returnDate)
    "kind",  # deadline kind of a rule (appeal, response)
    "on",  # the date key a step happens on
    "ruleId",  # a rule of rules/deadlines.json
    "from",  # the date key a deadline counts from
    "sections",  # section numbers
    "upToCents",
    "also",  # court ids
    "moneyKinds",  # kind ids
    "citation",  # "Rule 3:8(a)", "Va. Code § 16.1-106": looked up in rules/facts.json, stored as sourceRule
    "days",
    "url",
    "source",
    "date",
}

MONTHS_EN = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
             "october", "november", "december"]
MONTHS_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
             "octubre", "noviembre", "diciembre"]

ONES_EN = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
           "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS_EN = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
ONES_ES = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once",
           "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
           "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete",
           "veintiocho", "veintinueve"]
TENS_ES = ["", "", "veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"]


def words_en():
    w = {name: n for n, name in enumerate(ONES_EN)}
    for t in range(2, 10):
        w[TENS_EN[t]] = 10 * t
        for o in range(1, 10):
            w[f"{TENS_EN[t]}-{ONES_EN[o]}"] = 10 * t + o
    return w


def words_es():
    w = {name: n for n, name in enumerate(ONES_ES)}
    w.update({"un": 1, "una": 1, "veintiún": 21, "veintiuna": 21})
    for t in range(3, 10):
        w[TENS_ES[t]] = 10 * t
        for o in range(1, 10):
            w[f"{TENS_ES[t]} y {ONES_ES[o]}"] = 10 * t + o
    return w


WORDS = {"en": words_en(), "es": words_es()}

UNITS = {
    "en": {"day": "day", "days": "day", "year": "year", "years": "year", "hour": "hour", "hours": "hour",
           "month": "month", "months": "month", "week": "week", "weeks": "week"},
    "es": {"día": "day", "días": "day", "año": "year", "años": "year", "hora": "hour", "horas": "hour",
           "mes": "month", "meses": "month", "semana": "week", "semanas": "week"},
}


def alternation(names):
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


DATE_RE = {
    "en": re.compile(r"\b(" + "|".join(MONTHS_EN) + r")\s+(?:(\d{1,2}),\s+)?(\d{4})\b", re.I),
    "es": re.compile(r"\b(?:(\d{1,2})\s+de\s+)?(" + "|".join(MONTHS_ES) + r")\s+de\s+(\d{4})\b", re.I),
}
SECTION_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)*-\d+(?:\.\d+)*(?::\d+)?(?![\w-])")
RULE_RE = re.compile(r"(?<![\w.])\d+[A-Z]?:\d+(?:\([a-z0-9]+\))*")
BILL_RE = re.compile(r"\b(HB|SB)\s*(\d+)\b")
FORM_RE = re.compile(r"\bDC-\d+\b")
NUMBER_RE = re.compile(r"(?<![\w$])\$?\d+(?:[.,]\d+)*")
DURATION_RE = {
    lang: re.compile(
        r"(?<![\w-])(\d+|" + alternation(WORDS[lang]) + r")"
        + (r"(?:-|\s+)(business\s+|calendar\s+)?(" + alternation(UNITS["en"]) + r")\b" if lang == "en"
           else r"\s+(" + alternation(UNITS["es"]) + r")(\s+hábiles)?\b"),
        re.I)
    for lang in ("en", "es")
}


def is_age(text, m, lang):
    """An age, not a length of time: "18 years old"; Spanish "menor de 18 años", "21 años o más"."""
    before, after = text[:m.start()].lower(), text[m.end():].lower()
    if lang == "en":
        return after.startswith(" old")
    return re.search(r"\b(?:menos|menor|mayor|más)\s+de\s+$", before) is not None or after.startswith((" o más", " de edad"))


def durations(text, lang):
    found = []
    for m in DURATION_RE[lang].finditer(text):
        if lang == "en":
            number, business, unit = m.group(1), bool(m.group(2) and "business" in m.group(2).lower()), m.group(3)
        else:
            number, unit, business = m.group(1), m.group(2), bool(m.group(3))
        n = int(number) if number.isdigit() else WORDS[lang][number.lower()]
        unit = UNITS[lang][unit.lower()]
        if unit == "year" and is_age(text, m, lang):
            continue
        found.append((n, unit, business))
    return found


def figures(text, lang):
    """The figures `text` states, by kind, each as a Counter."""
    months = MONTHS_EN if lang == "en" else MONTHS_ES
    dates = []

    def take_date(m):
        if lang == "en":
            month, day, year = m.group(1), m.group(2), m.group(3)
        else:
            day, month, year = m.group(1), m.group(2), m.group(3)
        dates.append((int(day) if day else None, months.index(month.lower()) + 1, int(year)))
        return " "

    rest = DATE_RE[lang].sub(take_date, text)
    found = {"dates": Counter(dates), "durations": Counter(durations(text, lang))}
    for name, pattern in (("forms", FORM_RE), ("bills", BILL_RE), ("sections", SECTION_RE), ("rules", RULE_RE)):
        items = []

        def take(m, items=items, name=name):
            items.append(f"{m.group(1)} {m.group(2)}" if name == "bills" else m.group(0))
            return " "

        rest = pattern.sub(take, rest)
        found[name] = Counter(items)
    found["numbers"] = Counter(NUMBER_RE.findall(rest))
    return found


def is_data(key, value):
    if not isinstance(value, str):
        return True
    if key in DATA_KEYS:
        return True
    return key == "court" and not any(c.isspace() for c in value)


class Checker:
    def __init__(self):
        self.problems = []
        self.texts = 0
        self.data = 0

    def fail(self, path, what):
        self.problems.append(f"{path or '(root)'}: {what}")

    def walk(self, en, es, key, path):
        if type(en) is not type(es):
            self.fail(path, f"structure: {type(en).__name__} in English, {type(es).__name__} in Spanish")
            return
        if isinstance(en, dict):
            if list(en) != list(es):
                self.fail(path, f"structure: keys {list(en)} in English, {list(es)} in Spanish")
                return
            for k in en:
                self.walk(en[k], es[k], k, f"{path}.{k}" if path else k)
        elif isinstance(en, list):
            if len(en) != len(es):
                self.fail(path, f"structure: {len(en)} items in English, {len(es)} in Spanish")
                return
            for i, (a, b) in enumerate(zip(en, es)):
                self.walk(a, b, key, f"{path}[{i}]")
        elif is_data(key, en) or is_data(key, es):
            self.data += 1
            if en != es:
                self.fail(path, f"data: {en!r} in English, {es!r} in Spanish")
        else:
            self.texts += 1
            self.text(en, es, path)

    def text(self, en, es, path):
        if any(c.isalpha() for c in en) and en.strip() == es.strip():
            self.fail(path, f"untranslated: {en!r}")
            return
        a, b = figures(en, "en"), figures(es, "es")
        for kind in a:
            if a[kind] != b[kind]:
                missing = sorted(map(str, (a[kind] - b[kind]).elements()))
                extra = sorted(map(str, (b[kind] - a[kind]).elements()))
                self.fail(path, f"{kind}: the Spanish lacks {missing} and adds {extra}")


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        en = json.load(f)
    with open(argv[2], encoding="utf-8") as f:
        es = json.load(f)
    checker = Checker()
    checker.walk(en, es, None, "")
    if checker.problems:
        print(f"{argv[2]}: {len(checker.problems)} problem(s) against {argv[1]}")
        for p in checker.problems:
            print("  " + p)
        return 1
    print(f"{argv[2]}: OK ({checker.texts} text strings, {checker.data} data values match {argv[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

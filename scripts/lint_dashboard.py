#!/usr/bin/env python3
"""Lints the Grafana dashboard and the Prometheus alert rules under deploy/.

Run by scripts/check-deploy.sh, which gives it a scrape of a freshly started
binary. Checks:

* the dashboard's structure: unique panel ids, a gridPos on every panel that
  fits the 24-column grid without overlaps, a Prometheus data source template
  variable that every panel and query uses, targets with an expression on
  every panel, template variables that exist;
* every panel expression is valid PromQL: they are written into a temporary
  rules file as recording rules and checked with `promtool check rules`;
* every metric name in every panel expression and every alert expression
  exists in the scrape (so that a renamed metric cannot leave a panel or an
  alert silently empty);
* every alert has a severity label, a summary and a description, and its unit
  tests (alerts.test.yml) include a case where it fires and one where it does
  not.

Exits 1 with one line per problem.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

# Series Prometheus makes itself for every target, never in a scrape.
SYNTHETIC = {
    "up",
    "scrape_duration_seconds",
    "scrape_samples_scraped",
    "scrape_samples_post_metric_relabeling",
    "scrape_series_added",
}
KEYWORDS = {"and", "or", "unless", "bool", "offset", "inf", "nan", "atan2"}
# Aggregation operators: a function, but `by (...)`/`without (...)` may come
# between the name and its argument.
AGGREGATIONS = {"sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values",
                "bottomk", "topk", "quantile", "limitk", "limit_ratio"}
# Keywords followed by a parenthesised list of label names.
LABEL_LISTS = {"by", "without", "on", "ignoring", "group_left", "group_right"}
PANEL_TYPES = {"timeseries", "stat", "gauge", "bargauge", "table", "heatmap", "piechart", "state-timeline"}
GRAFANA_BUILTINS = {"__rate_interval", "__interval", "__interval_ms", "__range", "__range_s", "__range_ms"}
VAR_RE = re.compile(r"\$\{(\w+)(?::[^}]*)?\}|\$(\w+)|\[\[(\w+)(?::[^\]]*)?\]\]")


def strip_strings(expr):
    return re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`[^`]*`', '""', expr)


def metric_names(expr):
    """The metric names an expression selects (best effort, without a PromQL
    parser: strings, label matchers and ranges removed, then every bare
    identifier that is not a function, a keyword or a label list)."""
    s = strip_strings(expr)
    s = re.sub(r"#[^\n]*", " ", s)
    s = re.sub(r"\{[^}]*\}", " ", s)
    s = re.sub(r"\[[^\]]*\]", " ", s)
    tokens = re.findall(
        r"0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?(?:ms|s|m|h|d|w|y)*|\.\d+|[A-Za-z_:][A-Za-z0-9_:]*|\(|\)|\S",
        s,
    )
    names = set()
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.lower() in LABEL_LISTS and nxt == "(":
            depth, i = 0, i + 1
            while i < len(tokens):
                depth += tokens[i] == "("
                depth -= tokens[i] == ")"
                if depth == 0:
                    break
                i += 1
        elif tok.lower() == "offset":
            i += 1  # the duration after it
        elif re.fullmatch(r"[A-Za-z_:][A-Za-z0-9_:]*", tok):
            if nxt != "(" and tok.lower() not in KEYWORDS and not (
                tok.lower() in AGGREGATIONS and (nxt or "").lower() in ("by", "without")
            ):
                names.add(tok)
        i += 1
    return names


def grafana_vars(expr):
    return {next(g for g in m.groups() if g) for m in VAR_RE.finditer(expr)}


def substitute(expr):
    """The expression as Prometheus would get it: interval variables become
    a duration, other variables (only ever inside label matchers) a regex."""

    def one(m):
        name = next(g for g in m.groups() if g)
        if name in ("__range_s",):
            return "300"
        if name in ("__range_ms", "__interval_ms"):
            return "300000"
        if name.startswith("__"):
            return "5m"
        return ".+"

    return VAR_RE.sub(one, expr)


def walk_panels(panels):
    for p in panels:
        yield p
        yield from walk_panels(p.get("panels") or [])


def lint_dashboard(path, problems):
    try:
        with open(path) as f:
            dash = json.load(f)
    except (OSError, ValueError) as e:
        problems.append(f"{path}: not readable JSON: {e}")
        return []
    where = os.path.basename(path)
    for key, kind in (("title", str), ("uid", str), ("schemaVersion", int), ("panels", list), ("templating", dict)):
        if not isinstance(dash.get(key), kind):
            problems.append(f"{where}: top-level '{key}' missing or not a {kind.__name__}")
    if problems:
        return []
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", dash["uid"]):
        problems.append(f"{where}: uid {dash['uid']!r} is not 1 to 40 letters, digits, - or _")
    if dash["schemaVersion"] < 36:
        problems.append(f"{where}: schemaVersion {dash['schemaVersion']} is older than Grafana 9 (36)")
    if dash.get("id") is not None:
        problems.append(f"{where}: 'id' must be null in a provisioned dashboard")

    variables = {v.get("name"): v for v in dash["templating"].get("list", [])}
    ds_vars = [n for n, v in variables.items() if v.get("type") == "datasource" and v.get("query") == "prometheus"]
    if not ds_vars:
        problems.append(f"{where}: no Prometheus data source template variable (type datasource, query prometheus)")
    ds_refs = {f"${n}" for n in ds_vars} | {f"${{{n}}}" for n in ds_vars}

    def uses_ds_var(ds):
        return isinstance(ds, dict) and ds.get("uid") in ds_refs

    for name, v in variables.items():
        if v.get("type") == "query" and not uses_ds_var(v.get("datasource")):
            problems.append(f"{where}: variable {name} does not query through the data source variable")

    exprs = []
    ids = {}
    grid = {}
    for p in walk_panels(dash["panels"]):
        pid = p.get("id")
        title = p.get("title") or ""
        label = f"{where}: panel {pid} {title!r}"
        if not isinstance(pid, int):
            problems.append(f"{label}: id is not an integer")
        elif pid in ids:
            problems.append(f"{label}: id {pid} already used by {ids[pid]!r}")
        else:
            ids[pid] = title
        if not title.strip():
            problems.append(f"{label}: no title")
        g = p.get("gridPos")
        if not isinstance(g, dict) or not all(isinstance(g.get(k), int) and g[k] >= 0 for k in "hwxy"):
            problems.append(f"{label}: gridPos missing or not four non-negative integers h, w, x, y")
        elif g["w"] < 1 or g["h"] < 1 or g["x"] + g["w"] > 24:
            problems.append(f"{label}: gridPos {g} does not fit the 24-column grid")
        elif p in dash["panels"]:  # panels of collapsed rows have their own layout
            for x in range(g["x"], g["x"] + g["w"]):
                for y in range(g["y"], g["y"] + g["h"]):
                    if (x, y) in grid:
                        problems.append(f"{label}: overlaps panel {grid[(x, y)]} at column {x}, row {y}")
                        break
                    grid[(x, y)] = pid
                else:
                    continue
                break
        if p.get("type") == "row":
            continue
        if p.get("type") not in PANEL_TYPES:
            problems.append(f"{label}: unexpected panel type {p.get('type')!r}")
        if not uses_ds_var(p.get("datasource")):
            problems.append(f"{label}: datasource is not the data source variable ({' or '.join(sorted(ds_refs))})")
        targets = p.get("targets")
        if not isinstance(targets, list) or not targets:
            problems.append(f"{label}: no targets")
            continue
        ref_ids = set()
        for t in targets:
            ref = t.get("refId")
            if not ref or ref in ref_ids:
                problems.append(f"{label}: target refId {ref!r} missing or repeated")
            ref_ids.add(ref)
            if "datasource" in t and not uses_ds_var(t["datasource"]):
                problems.append(f"{label}: target {ref} datasource is not the data source variable")
            expr = t.get("expr")
            if not isinstance(expr, str) or not expr.strip():
                problems.append(f"{label}: target {ref} has no expr")
                continue
            for var in grafana_vars(expr) - GRAFANA_BUILTINS - set(variables):
                problems.append(f"{label}: target {ref} uses ${var}, which is not a template variable")
            exprs.append((f"panel {pid} {title!r} target {ref}", f"dashboard:panel{pid}:{ref}", expr))
    return exprs


def lint_rules(rules_path, tests_path, problems):
    with open(rules_path) as f:
        rules = yaml.safe_load(f)
    where = os.path.basename(rules_path)
    exprs = []
    alerts = []
    for group in rules.get("groups", []):
        for rule in group.get("rules", []):
            name = rule.get("alert") or rule.get("record")
            exprs.append((f"rule {name}", None, rule.get("expr", "")))
            if "alert" not in rule:
                continue
            alerts.append(name)
            if rule.get("labels", {}).get("severity") not in ("critical", "warning", "info"):
                problems.append(f"{where}: {name}: severity label missing or not critical, warning or info")
            for key in ("summary", "description"):
                if not rule.get("annotations", {}).get(key, "").strip():
                    problems.append(f"{where}: {name}: no {key} annotation")
    if len(set(alerts)) != len(alerts):
        problems.append(f"{where}: an alert name is used twice")
    with open(tests_path) as f:
        tests = yaml.safe_load(f)
    fires, silent = set(), set()
    for test in tests.get("tests", []):
        for case in test.get("alert_rule_test", []) or []:
            (fires if case.get("exp_alerts") else silent).add(case.get("alertname"))
    for name in alerts:
        if name not in fires:
            problems.append(f"{os.path.basename(tests_path)}: no test where {name} fires")
        if name not in silent:
            problems.append(f"{os.path.basename(tests_path)}: no test where {name} stays silent")
    return exprs


def scraped_names(path):
    names = set()
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                names.add(re.match(r"[A-Za-z_:][A-Za-z0-9_:]*", line).group(0))
    return names


def check_promql(promtool, panel_exprs, problems):
    rules = [{"record": record, "expr": substitute(expr)} for _, record, expr in panel_exprs]
    with tempfile.NamedTemporaryFile("w", suffix=".yml", prefix="dashboard-rules-", delete=False) as f:
        yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}, f, sort_keys=False, width=1000)
        path = f.name
    try:
        run = subprocess.run([promtool, "check", "rules", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if run.returncode != 0:
        problems.append("promtool rejects dashboard expressions (record name dashboard:panel<id>:<refId>):\n"
                        + (run.stdout + run.stderr).strip())
    return len(rules)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dashboard", required=True, action="append", help="dashboard JSON (repeatable)")
    ap.add_argument("--rules", required=True, help="Prometheus alert rules file")
    ap.add_argument("--rule-tests", required=True, help="promtool unit tests of the rules")
    ap.add_argument("--scrape", required=True, help="a /metrics scrape of a freshly started server")
    ap.add_argument("--promtool", default="promtool")
    args = ap.parse_args()

    problems = []
    panel_exprs = []
    for d in args.dashboard:
        panel_exprs += lint_dashboard(d, problems)
    rule_exprs = lint_rules(args.rules, args.rule_tests, problems)

    have = scraped_names(args.scrape) | SYNTHETIC
    missing = {}
    for where, _, expr in panel_exprs + rule_exprs:
        for name in sorted(metric_names(expr)):
            if name not in have:
                missing.setdefault(name, []).append(where)
    for name, wheres in sorted(missing.items()):
        problems.append(f"metric {name} is not in the scrape of a fresh server; used by: " + "; ".join(wheres))

    checked = check_promql(args.promtool, panel_exprs, problems) if panel_exprs else 0

    if problems:
        for p in problems:
            print(f"lint_dashboard: {p}", file=sys.stderr)
        print(f"lint_dashboard: FAILED ({len(problems)} problems)", file=sys.stderr)
        return 1
    used = set().union(*(metric_names(e) for _, _, e in panel_exprs + rule_exprs))
    print(f"lint_dashboard: ok ({len(panel_exprs)} panel queries valid PromQL by promtool ({checked} checked), "
          f"{len(rule_exprs)} alert rules, {len(used)} metric names all in the scrape)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

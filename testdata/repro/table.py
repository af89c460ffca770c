#!/usr/bin/env python3
"""table.py DIAGS.json RESULTS.tsv [SYNCCHECK.tsv]: prints the table rows
and summary of testdata/repro/RESULTS.md from cudavet -json output (the
run that wrote the reproducers) and the results.tsv of running them
(bug/NAME and ok/NAME, run.sh's exit status, seconds, its last
cudavet-repro line, the run's date). SYNCCHECK.tsv, when given, holds the
barrierdiv findings (which carry no witness launch) run under synccheck
in another finding's harness of the same kernel (finding, harness,
verdict, what synccheck printed, date); it adds their table.
table.py --launcher BUGDIR OKDIR LAUNCHER.tsv prints the launcher table."""
import json, os, re, sys
from collections import Counter, defaultdict


def launcher_table(bugdir, okdir, tsv):
    """table.py --launcher BUGDIR OKDIR LAUNCHER.tsv: the table of the
    reproducers through the launcher (RESULTS.md, "Through the launcher"):
    each reproducer of BUGDIR with a launcher.cu, its run and its ok
    twin's (OKDIR) from LAUNCHER.tsv."""
    runs = {}
    for line in open(tsv):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 4:
            runs[f[0]] = f

    def verdict(f, twin):
        if f is None:
            return "not run"
        rc, text = f[1], f[3].replace("cudavet-repro: ", "")
        if rc == "0":
            return "**line**"
        if rc == "4":
            m = re.search(r"errors at: (.*)", text)
            lines = [x for x in m.group(1).split() if not x.startswith("launcher.py")] if m else []
            return "elsewhere (%s)" % ", ".join(lines)
        if rc == "1":
            return "clean" if twin else "not seen"
        if rc == "5":
            m = re.search(r"rejected the witness's inputs: (.*)", text)
            return 'rejected: "%s"' % (m.group(1) if m else text)
        if rc == "3":
            return "error 3"
        if rc == "7":
            return "timeout"
        return "exit %s" % rc

    print("| # | finding | through the launcher | ok twin through its own launcher |")
    print("|---|---|---|---|")
    for d in sorted(os.listdir(bugdir)):
        if not os.path.exists(os.path.join(bugdir, d, "launcher.cu")):
            continue
        num, chk, base, line = re.match(r"(\d+)-(\w+)-(.*)-(\d+)$", d).groups()
        twin = "—"
        if os.path.exists(os.path.join(okdir, d, "launcher.cu")):
            twin = verdict(runs.get("ok/" + d), True)
        print("| %s | `%s.cu:%s` (%s) | %s | %s |" % (num, base, line, chk, verdict(runs.get("bug/" + d), False), twin))


if sys.argv[1] == "--launcher":
    launcher_table(*sys.argv[2:5])
    sys.exit(0)

TOOL = {"overflow": "memcheck", "bounds": "memcheck", "align": "memcheck", "nilptr": "memcheck",
        "race": "racecheck", "uninit": "initcheck", "warpsync": "synccheck", "barrierdiv": "synccheck"}
diags = json.load(open(sys.argv[1]))["diagnostics"]
runs = {}
for line in open(sys.argv[2]):
    f = line.rstrip("\n").split("\t")
    if len(f) >= 4 and not (f[1] == "skipped" and f[0] in runs):
        runs[f[0]] = (f[1], f[2], f[3], f[4] if len(f) > 4 else "")  # the last run of a name wins

def key(d):
    return "%s-%s-%d" % (d["checker"], os.path.splitext(os.path.basename(d["file"]))[0], d["line"])

def verdict(rc, text):
    if rc == "skipped":
        return "not run"
    if rc == "0":
        if "int64_t-fixed kernel is clean" in text or "where the value is used" in text:
            return "use site"
        if "neutralised" in text:
            return "isolated"
        if "differ" in text or "depend on" in text:
            return "effect"
        return "line"
    if rc == "4":
        return "elsewhere"
    if rc == "1":
        return "not seen"
    if rc == "2":
        return "does not fit"
    if rc == "5":
        return "rejected"
    if rc in ("124", "137", "7"):
        return "timeout"
    if rc == "6":
        return "tool failed"
    return "error %s" % rc

def seen(rc, secs, text):
    text = text.replace("cudavet-repro: ", "")
    if rc == "skipped":
        return "not run: the session's device time was spent"
    if rc in ("124", "137"):
        return "not finished within %s s" % secs
    return text or "exit status %s" % rc

rows, summary = [], defaultdict(Counter)
dirs = sorted({k.split("/", 1)[1] for k in runs if k.startswith("bug/")})
by_key = {d[4:]: d for d in dirs}
done = set()
for d in diags:
    if d.get("kind") != "finding" or d["checker"] not in TOOL or not d.get("repro"):
        continue
    k = key(d)
    if k in done:
        continue
    done.add(k)
    name = by_key.get(k)
    if name is None:
        rows.append((k, d, "not run", "", "", ""))
        summary[d["checker"]]["not run"] += 1
        continue
    rc, secs, text, date = runs["bug/" + name]
    v = verdict(rc, text)
    summary[d["checker"]][v] += 1
    twin = ""
    if "ok/" + name in runs:
        trc, tsecs, ttext, _ = runs["ok/" + name]
        tv = verdict(trc, ttext)
        twin = {"not seen": "clean", "rejected": "rejected by its launcher's check: " + ttext.replace("cudavet-repro: ", "")}.get(tv, "%s: %s" % (tv, seen(trc, tsecs, ttext)))
        summary["ok twins"][tv] += 1
    rows.append((name, d, v, seen(rc, secs, text), twin, date))

def short(m, n=110):
    return m if len(m) <= n else m[:n] + "..."

print("| # | finding | checker | tool | verdict | what run.sh printed last | ok twin at the same sizes | run |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
for name, d, v, s, twin, date in rows:
    print("| %s | `%s:%d` %s | %s | %s | %s | %s | %s | %s |" % (
        name[:3], os.path.basename(d["file"]), d["line"], short(d["message"]).replace("|", "\\|"),
        d["checker"], TOOL[d["checker"]], v, s.replace("|", "\\|"), twin or "—", date or "—"))
print()
cols = ["line", "isolated", "use site", "effect", "elsewhere", "not seen", "does not fit", "timeout", "tool failed", "error 3", "rejected", "not run"]
print("| checker | findings | " + " | ".join(cols) + " |")
print("| --- | --- | " + " | ".join("---" for _ in cols) + " |")
for c in ["overflow", "bounds", "align", "nilptr", "race", "uninit", "warpsync", "ok twins"]:
    if c in summary:
        cnt = summary[c]
        print("| %s | %d | " % (c, sum(cnt.values())) + " | ".join(str(cnt.get(x, 0)) for x in cols) + " |")
other = {x for c in summary.values() for x in c} - set(cols)
if other:
    print("\nother verdicts:", ", ".join(sorted(other)))

if len(sys.argv) > 3:
    sync = {}
    for line in open(sys.argv[3]):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 5 and not line.startswith("#"):
            sync[f[0]] = f[1:5]
    print()
    print("| finding | harness it ran in | verdict | what synccheck printed | run |")
    print("| --- | --- | --- | --- | --- |")
    cnt = Counter()
    for d in diags:
        if d.get("kind") != "finding" or d["checker"] != "barrierdiv":
            continue
        k = "%s:%d" % (os.path.basename(d["file"]), d["line"])
        h, v, what, date = sync.get(k, ("—", "no launch", "no witness launch, no other finding's harness of this kernel: not run", "—"))
        cnt[v] += 1
        print("| `%s` %s | %s | %s | %s | %s |" % (k, short(d["message"]).replace("|", "\\|"), h, v, what.replace("|", "\\|"), date))
    print()
    print("barrierdiv: %d findings; " % sum(cnt.values()) + ", ".join("%s %d" % (v, n) for v, n in sorted(cnt.items())))

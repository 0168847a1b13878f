"""What the bench scripts share (issue 36): finding or building the release binary, the
generated databases and temporary HOMEs, running and timing a command (wall, CPU from wait4,
callgrind's instructions, hyperfine in alternating rounds), and writing one section of
BENCHMARKS.md with every other section left byte for byte as it was.

Each script imports it from its own folder (scripts/) and names itself once, in main():
`benchlib.PROG = "bench-small"`: the prefix of its messages and failures.
"""
import json, os, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = {"10k": 10_000, "100k": 100_000, "1m": 1_000_000}
BENCHMARKS = os.path.join(ROOT, "BENCHMARKS.md")
PROG = "bench"


def fail(message):
    sys.exit(f"{PROG}: {message}")


def shell(argv):
    """An argument list as one shell command line."""
    return " ".join("'" + a.replace("'", "'\\''") + "'" for a in argv)


def require(*tools):
    """Stops with how to install the first of `tools` missing from PATH."""
    for tool in tools:
        if not shutil.which(tool):
            fail(f"{tool} is missing: apt-get install -y {tool}")


def _tail(data, size=400):
    text = data.decode(errors="replace") if isinstance(data, bytes) else (data or "")
    return text.strip()[-size:]


def run(argv, env=None, stdin=None, cwd=None):
    """Runs a command to its end and returns its output; stops the script when it fails,
    with its last lines of errors. `stdin`: as subprocess takes it (None: this process's)."""
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, stdin=stdin, cwd=cwd)
    if result.returncode != 0:
        fail(f"{shell(argv)[:300]} failed ({result.returncode}): {_tail(result.stderr or result.stdout)}")
    return result.stdout.decode(errors="replace")


def build_memo(memo=None):
    """The memo to measure: `memo` (a path given with --memo) or the release binary that
    scripts/build-release makes (built now, incrementally; it prints the binary's path last)."""
    if memo:
        return os.path.abspath(memo)
    print(f"{PROG}: building memo (scripts/build-release)", file=sys.stderr, flush=True)
    return run([os.path.join(ROOT, "scripts/build-release")], cwd=ROOT).strip().splitlines()[-1]


# ---------------------------------------------------------------- data and homes

def bench_dir(*parts):
    """$MEMO_BENCH_DIR (default /tmp/memo-bench), or a folder in it; made when missing."""
    path = os.path.join(os.environ.get("MEMO_BENCH_DIR", "/tmp/memo-bench"), *parts)
    os.makedirs(path, exist_ok=True)
    return path


def gen_db(memo, path, questions, posts=None, **env):
    """scripts/gen-bench-db's database at `path`: `questions` questions over `posts` posts
    (its default: a twentieth); `env` its other settings (HIGHLIGHTS=, REVIEWED=)."""
    argv = [os.path.join(ROOT, "scripts/gen-bench-db"), path, str(questions)]
    if posts is not None:
        argv.append(str(posts))
    run(argv, env=dict(os.environ, MEMO_BIN=memo, **{k: str(v) for k, v in env.items()}))
    return path


def remove_db(path):
    """A database file and its -wal and -shm, gone."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.unlink(path + suffix)


def fresh(src, dst):
    """A copy of database `src` at `dst` (its -wal and -shm gone)."""
    remove_db(dst)
    shutil.copyfile(src, dst)
    return dst


def home_env(home, **extra):
    """The environment of memo (and git) in its own HOME: never the user's database, git
    configuration or data folder. `extra`: more variables (TZ="UTC")."""
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ, HOME=home, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1", **extra)
    env.pop("MEMO_DB", None)
    env.pop("XDG_DATA_HOME", None)
    return env


def sqlite_value(db, sql):
    """What the sqlite3 CLI prints for `sql` on `db`, trimmed."""
    return run(["sqlite3", db, sql]).strip()


def review_point(db, due_count):
    """The time at which `due_count` questions under review are due, and the first of them
    (its id): where the review rows of scripts/bench-review and the gate run."""
    at = sqlite_value(db, f"SELECT due FROM review_items ORDER BY due LIMIT 1 OFFSET {due_count - 1}")
    rated = sqlite_value(db, f"SELECT question_id FROM review_items WHERE due <= '{at}' ORDER BY question_id LIMIT 1")
    return at, rated


# ---------------------------------------------------------------- measuring

def instructions(argv, env=None, stdin=None):
    """Instructions the process runs (callgrind; children such as git are not counted). Output
    to /dev/null; stdin from the file `stdin` when given, else /dev/null."""
    with open(stdin or os.devnull, "rb") as source:
        result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=source, env=env)
    text = result.stderr.decode(errors="replace")
    found = re.search(r"Collected : (\d+)", text)
    if result.returncode != 0 or not found:
        fail(f"callgrind of {shell(argv)[:300]} failed ({result.returncode}): {text.strip()[-600:]}")
    return int(found.group(1))


def timed_once(argv, env=None, stdin=None):
    """One run's wall time (perf_counter) and CPU time (user + system of the process, from
    wait4: what waiting for the disk or for a busy core leaves out); output discarded."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        fail(f"{shell(argv)[:300]} failed (status {status}): {_tail(process.stderr.read())}")
    process.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime


def timed_runs(argv, runs, prepare=None):
    """Each of `runs` runs' wall time and CPU time (timed_once), as two lists; `prepare` (an
    argv or None) runs untimed before each."""
    walls, cpus = [], []
    for _ in range(runs):
        if prepare:
            run(prepare)
        wall, cpu = timed_once(argv)
        walls.append(wall)
        cpus.append(cpu)
    return walls, cpus


def hyperfine_rounds(commands, rounds, runs, warmup, prepare=None, env=None):
    """hyperfine (-N: no shell) on `commands` (command lines) in `rounds` rounds of `runs`
    runs each, the commands in turn: a machine that slows down for a while weighs on every
    command, not on whichever ran then. For each command: every run's wall time, pooled, and
    each round's mean CPU time (user + system)."""
    pooled = [([], []) for _ in commands]
    for _ in range(rounds):
        out = tempfile.mktemp(suffix=".json")
        args = ["hyperfine", "-N", "--warmup", str(warmup), "--runs", str(runs), "--export-json", out]
        if prepare:
            args += ["--prepare", prepare]
        run(args + list(commands), env=env)
        with open(out) as f:
            results = json.load(f)["results"]
        os.unlink(out)
        for (times, cpus), result in zip(pooled, results):
            times.extend(result["times"])
            cpus.append(result["user"] + result["system"])
    return pooled


def median_sd(times):
    """The median and the standard deviation of a list of times."""
    return statistics.median(times), statistics.stdev(times)


# ---------------------------------------------------------------- BENCHMARKS.md

def _is_heading(line, heading):
    return line == heading or line.startswith(heading + " ")


def section_span(text, heading):
    """Where the section `heading` is in `text`: (start, end) offsets from its heading line
    (the line is `heading`, or `heading`, a space and more: a size, a date) to the next heading
    of level 1 or 2 (a line starting with "# " or "## "), or to the end; None when missing."""
    start, offset = None, 0
    for line in text.split("\n"):
        if start is None:
            if _is_heading(line, heading):
                start = offset
        elif line.startswith("# ") or line.startswith("## "):
            return start, offset
        offset += len(line) + 1
    return None if start is None else (start, len(text))


def replace_section(text, heading, lines, keep_after_table=False):
    """`text` with the section `heading` made of `lines` (its heading line first), every byte
    outside the section as it was. A missing section is added: a level-1 one at the top, any
    other at the end. With `keep_after_table`, what followed the old section's last table line
    (the paragraphs of earlier runs) stays, after the new lines."""
    block = "\n".join(lines).strip("\n") + "\n"
    span = section_span(text, heading)
    if span is None:
        if heading.startswith("# "):
            return block + ("\n" + text if text else "")
        if text and not text.endswith("\n"):
            text += "\n"
        return text + ("\n" if text and not text.endswith("\n\n") else "") + block
    start, end = span
    if keep_after_table:
        old = text[start:end].split("\n")
        tables = [i for i, line in enumerate(old) if line.startswith("|")]
        rest = "\n".join(old[tables[-1] + 1:]).strip("\n") if tables else ""
        if rest:
            block += "\n" + rest + "\n"
    if end < len(text):
        block += "\n"
    return text[:start] + block + text[end:]


def write_section(heading, lines, keep_after_table=False, path=BENCHMARKS):
    """Rewrites the section `heading` of BENCHMARKS.md (replace_section), nothing else."""
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    new = replace_section(text, heading, lines, keep_after_table)
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)

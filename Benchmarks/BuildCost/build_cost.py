#!/usr/bin/env python3
"""Measures what an app pays to build and ship its wiring: the report's "What your app pays to build and ship".

    python3 Benchmarks/BuildCost/build_cost.py --markdown OUT.md [--sizes 300 3000]

The app graph's generated wiring (Benchmarks/Generator/generate_app_graph.py) is one module per subject (BoxKit,
Swinject, the hand-written floor) and size in the Benchmarks package, beside the service classes (AppGraph). In
that package's own build folder, for debug and then release (as an app's archive is built), this script builds
every dependency of the wiring first, together (the `WiringDependencies` target), then each wiring module alone,
and reports:

- the build time of the module: the wall-clock time of `swift build --target <module>`, its sources touched
  first so that it compiles whether or not an earlier build made it, minus that of a build with nothing to do
  (SwiftPM's own planning);
- its machine code: the text size (`size`, which counts code and unwind tables) of the module's object files.

The release build it leaves is the one `make bench` goes on with: the report's executables link these modules,
so they are compiled once. That is why release comes last: touching a module's sources for its debug build
would make its release objects out of date. The Dictionary baseline is not a row of its own: it is a backend of
the same `Box`, so its wiring is BoxKit's, byte for byte. Run it on an idle machine: two builds at once share the
cores and time each other.
"""

import argparse
import glob
import os
import pathlib
import subprocess
import sys
import time

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(BENCHMARKS)
SOURCES = os.path.join(BENCHMARKS, "Sources")
BUILD = os.path.join(BENCHMARKS, ".build")

# (row name, the wiring modules' prefix: AppGraph<prefix><size>)
SUBJECTS = [("BoxKit", "BoxKit"), ("Swinject 2.10.0", "Swinject"), ("hand-written floor", "Floor")]
# The target that depends on exactly what the wiring modules depend on (Benchmarks/Package.swift).
DEPENDENCIES = "WiringDependencies"


def module_name(prefix, size):
    return f"AppGraph{prefix}{size}"


def build(configuration, target):
    """Builds `target`; returns the wall-clock seconds, which it also logs. Stops the script, showing the output,
    if it fails."""
    start = time.monotonic()
    result = subprocess.run(
        ["swift", "build", "--package-path", BENCHMARKS, "-c", configuration, "--target", target],
        capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"build_cost: building {target} ({configuration}) failed:\n{result.stdout}{result.stderr}")
    print(f"build_cost: {target} ({configuration}) {seconds:.1f} s", file=sys.stderr, flush=True)
    return seconds


def touch_sources(target):
    """Marks every source file of `target` changed, so that the next build of it compiles the whole module."""
    files = glob.glob(os.path.join(SOURCES, target, "*.swift"))
    if not files:
        sys.exit(f"build_cost: no generated wiring in {target}; run Benchmarks/Generator/generate_app_graph.py")
    for path in files:
        pathlib.Path(path).touch()


def text_size(configuration, target):
    """The text size, in bytes, of `target`'s object files."""
    objects = glob.glob(os.path.join(BUILD, configuration, f"{target}.build", "*.o"))
    output = subprocess.run(["size", "-t"] + objects, capture_output=True, text=True, check=True).stdout
    return int(output.strip().splitlines()[-1].split()[0])


def measure(sizes):
    """{(size, prefix): {"release": seconds, "debug": seconds, "text": bytes}}."""
    results = {}
    for configuration in ["debug", "release"]:
        build(configuration, DEPENDENCIES)
        idle = min(build(configuration, DEPENDENCIES) for _ in range(2))
        for size in sizes:
            for _, prefix in SUBJECTS:
                target = module_name(prefix, size)
                touch_sources(target)
                entry = results.setdefault((size, prefix), {})
                entry[configuration] = max(build(configuration, target) - idle, 0.0)
                if configuration == "release":
                    entry["text"] = text_size(configuration, target)
    return results


def verdict(value, limit):
    return "PASS" if value <= limit else "MISS"


def machine():
    """The commit measured and the CPU, for the section's first line (it is appended to a report of its own run)."""
    commit = subprocess.run(
        ["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True, text=True).stdout.strip()
    cpu = "unknown CPU"
    if os.path.exists("/proc/cpuinfo"):
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            cpu = next((line.split(":", 1)[1].strip() for line in file if line.startswith("model name")), cpu)
    return f"- Commit {commit or 'unknown'}; CPU: {cpu}; {os.cpu_count()} processors"


def markdown(results, sizes):
    lines = [
        "## What your app pays to build and ship",
        "",
        machine(),
        "",
        "The app graph's generated wiring (`registerAppN` and `resolveTopsN`, as the launch rows use it), one module",
        "per subject and size, built alone once its dependencies are built (`Benchmarks/BuildCost/build_cost.py`).",
        "Machine code is the module's text size (code and unwind tables); the Dictionary baseline's wiring is BoxKit's",
        "(a backend of the same `Box`). Goals: machine code at most Swinject's, a release build at most 1.5x",
        "Swinject's, a debug build at most Swinject's.",
        "",
        "| Services | Subject | Machine code (KB) | Release build (s) | Debug build (s) |",
        "|---:|---|---:|---:|---:|",
    ]
    for size in sizes:
        for name, prefix in SUBJECTS:
            entry = results[(size, prefix)]
            lines.append(
                f"| {size:,} | {name} | {entry['text'] / 1000:,.0f} | {entry['release']:.1f} | {entry['debug']:.1f} |")
    lines += ["", "| Services | Goal | Measured | Verdict |", "|---:|---|---:|---|"]
    for size in sizes:
        boxkit, swinject = results[(size, "BoxKit")], results[(size, "Swinject")]
        code = boxkit["text"] / swinject["text"]
        release = boxkit["release"] / swinject["release"]
        debug = boxkit["debug"] / swinject["debug"]
        lines += [
            f"| {size:,} | machine code, BoxKit / Swinject <= 1.0 | {code:.2f} | {verdict(code, 1.0)} |",
            f"| {size:,} | release build, BoxKit / Swinject <= 1.5 | {release:.2f} | {verdict(release, 1.5)} |",
            f"| {size:,} | debug build, BoxKit / Swinject <= 1.0 | {debug:.2f} | {verdict(debug, 1.0)} |",
        ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", required=True, help="where to write the report's section")
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 3000])
    arguments = parser.parse_args()
    results = measure(arguments.sizes)
    with open(arguments.markdown, "w", encoding="utf-8") as file:
        file.write(markdown(results, arguments.sizes))
    print(f"build_cost: wrote {arguments.markdown}")


if __name__ == "__main__":
    main()

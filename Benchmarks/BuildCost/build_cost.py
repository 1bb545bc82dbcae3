#!/usr/bin/env python3
"""Measures what an app pays to build and ship its wiring: the report's "What your app pays to build and ship".

    python3 Benchmarks/BuildCost/build_cost.py --markdown OUT.md [--scratch DIR] [--sizes 300 3000]

For each size of the app graph (Benchmarks/Generator/generate_app_graph.py) and each subject (BoxKit, Swinject,
the hand-written floor), it copies that subject's committed generated wiring of that size into a module of its
own, in a package under the scratch folder (by default Benchmarks/.build/build-cost), beside the service
classes (AppGraph). It builds every dependency first, then each wiring module alone, in release (as an app's
archive is built) and in debug, and reports:

- the build time of the module: the wall-clock time of `swift build --target <module>` once its dependencies
  are built, minus that of a build with nothing to do (SwiftPM's own planning);
- its machine code: the text size (`size`, which counts code and unwind tables) of the module's object files.

The Dictionary baseline is not a row of its own: it is a backend of the same `Box`, so its wiring is BoxKit's,
byte for byte. Run it on an idle machine: two builds at once share the cores and time each other.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import time

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(BENCHMARKS)
SOURCES = os.path.join(BENCHMARKS, "Sources")

# (row name, module prefix, the committed files of a size, the modules it imports besides AppGraph/ReportSink)
SUBJECTS = [
    ("BoxKit", "BoxKit", ["AppGraphBoxKit/BoxKit{size}.swift", "AppGraphBoxKit/BoxKit{size}Layer*.swift"],
     ['.product(name: "BoxKit", package: "BoxKit")']),
    ("Swinject 2.10.0", "Swinject",
     ["AppGraphSwinject/Swinject{size}.swift", "AppGraphSwinject/Swinject{size}Layer*.swift"],
     ['.product(name: "Swinject", package: "Swinject")']),
    ("hand-written floor", "Floor",
     ["AppGraphFloor/Floor{size}.swift", "AppGraphFloor/Floor{size}Layer*.swift",
      "AppGraphFloor/HandBuild{size}.swift", "AppGraphFloor/HandBuild{size}Layer*.swift"], []),
]


def module_name(prefix, size):
    return f"Wiring{prefix}{size}"


def write_package(scratch, sizes):
    """Writes the package: AppGraph and ReportSink copied as they are, one wiring module per subject and size."""
    if os.path.isdir(os.path.join(scratch, "Sources")):
        shutil.rmtree(os.path.join(scratch, "Sources"))
    for module in ["AppGraph", "ReportSink"]:
        shutil.copytree(os.path.join(SOURCES, module), os.path.join(scratch, "Sources", module))
    targets = [
        '        .target(name: "AppGraph"),',
        '        .target(name: "ReportSink"),',
    ]
    for size in sizes:
        for _, prefix, patterns, dependencies in SUBJECTS:
            name = module_name(prefix, size)
            directory = os.path.join(scratch, "Sources", name)
            os.makedirs(directory)
            files = [
                path for pattern in patterns for path in sorted(glob.glob(os.path.join(SOURCES, pattern.format(size=size))))
            ]
            if not files:
                sys.exit(f"build_cost: no generated wiring for {name}; run Benchmarks/Generator/generate_app_graph.py")
            for path in files:
                shutil.copy(path, directory)
            depends = ", ".join(['"AppGraph"', '"ReportSink"'] + dependencies)
            targets.append(f'        .target(name: "{name}", dependencies: [{depends}]),')
    manifest = (
        "// swift-tools-version:6.1\n"
        "// Written by Benchmarks/BuildCost/build_cost.py; each run rewrites it.\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '    name: "BuildCost",\n'
        "    dependencies: [\n"
        f'        .package(name: "BoxKit", path: "{ROOT}"),\n'
        '        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),\n'
        "    ],\n"
        "    targets: [\n" + "\n".join(targets) + "\n    ]\n)\n"
    )
    with open(os.path.join(scratch, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(manifest)


def build(scratch, configuration, target):
    """Builds `target`; returns the wall-clock seconds. Stops the script, showing the output, if it fails."""
    start = time.monotonic()
    result = subprocess.run(
        ["swift", "build", "--package-path", scratch, "-c", configuration, "--target", target],
        capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"build_cost: building {target} ({configuration}) failed:\n{result.stdout}{result.stderr}")
    return seconds


def text_size(scratch, configuration, target):
    """The text size, in bytes, of `target`'s object files."""
    objects = glob.glob(os.path.join(scratch, ".build", configuration, f"{target}.build", "*.o"))
    output = subprocess.run(["size", "-t"] + objects, capture_output=True, text=True, check=True).stdout
    return int(output.strip().splitlines()[-1].split()[0])


def measure(scratch, sizes):
    """{(size, prefix): {"release": seconds, "debug": seconds, "text": bytes}}."""
    results = {}
    for configuration in ["release", "debug"]:
        for dependency in ["AppGraph", "ReportSink", "BoxKit", "Swinject"]:
            build(scratch, configuration, dependency)
        for size in sizes:
            for _, prefix, _, _ in SUBJECTS:
                target = module_name(prefix, size)
                seconds = build(scratch, configuration, target)
                idle = build(scratch, configuration, target)
                entry = results.setdefault((size, prefix), {})
                entry[configuration] = max(seconds - idle, 0.0)
                if configuration == "release":
                    entry["text"] = text_size(scratch, configuration, target)
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
        for name, prefix, _, _ in SUBJECTS:
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
    parser.add_argument("--scratch", default=os.path.join(BENCHMARKS, ".build", "build-cost"))
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 3000])
    arguments = parser.parse_args()
    os.makedirs(arguments.scratch, exist_ok=True)
    write_package(arguments.scratch, arguments.sizes)
    results = measure(arguments.scratch, arguments.sizes)
    with open(arguments.markdown, "w", encoding="utf-8") as file:
        file.write(markdown(results, arguments.sizes))
    print(f"build_cost: wrote {arguments.markdown}")


if __name__ == "__main__":
    main()

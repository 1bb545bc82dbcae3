#!/usr/bin/env python3
"""Prints what the hot path paid for smaller wiring: the report's "What the hot path paid for it" section.

    python3 Benchmarks/BuildCost/hot_path_trade.py --results bench-results.csv

Side by side for each guarded resolve: its instructions before (hot-path-before.csv, at the commit before BoxKit
stopped specialising its lifetime machinery in an app's code) and now (Benchmarks/Thresholds/instructions.txt,
which `make bench-check` holds), and its time before and in this run (`--results`, the report's CSV). Times from
two runs, perhaps on two CPUs, do not compare directly, so each is also given as a multiple of the same run's
floor (the same work written by hand) where the report has one.
"""

import argparse
import csv
import os

BUILD_COST = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(BUILD_COST)


def read_before():
    with open(os.path.join(BUILD_COST, "hot-path-before.csv"), encoding="utf-8") as file:
        return list(csv.DictReader(line for line in file if not line.startswith("#")))


def read_thresholds():
    counts = {}
    with open(os.path.join(BENCHMARKS, "Thresholds", "instructions.txt"), encoding="utf-8") as file:
        for line in file:
            if line.strip() and not line.startswith("#"):
                name, count = line.split()
                counts[name] = float(count)
    return counts


def read_medians(path):
    """{(operation, subject): median ns}, the first row of each pair (the report lists BoxKit's once)."""
    medians = {}
    with open(path, encoding="utf-8") as file:
        for row in csv.DictReader(file):
            medians.setdefault((row["operation"], row["subject"]), float(row["median"]))
    return medians


def ratio(value, floor):
    return f"{value / floor:.2f}x" if floor else "-"


def markdown(results_path):
    before = read_before()
    now = read_thresholds()
    medians = read_medians(results_path)
    lines = [
        "## What the hot path paid for it",
        "",
        "Each guarded resolve before BoxKit stopped specialising its lifetime machinery in an app's code (commit",
        "c59af94; times from the report measured at 04614cc) and now: instructions (callgrind) as",
        "`Benchmarks/Thresholds/instructions.txt` holds them, and the median time of that report and of this one, with",
        "its multiple of the same run's floor (`Benchmarks/BuildCost/hot_path_trade.py`).",
        "",
        "| Operation | Instructions before | Now | Change | ns before | ns now | x floor before | x floor now |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in before:
        operation = row["operation"]
        old, new = float(row["instructions"]), now.get(row["guard"])
        change = f"{(new - old) / old * 100:+.1f}%" if new else "-"
        ns_before = float(row["boxkit_ns"])
        floor_before = float(row["floor_ns"]) if row["floor_ns"] else None
        ns_now = medians.get((operation, "BoxKit"))
        floor_now = medians.get((operation, "floor"))
        lines.append(
            f"| {operation} | {old:,.0f} | {new:,.0f} | {change} | {ns_before:.1f} | "
            + (f"{ns_now:.1f}" if ns_now else "-")
            + f" | {ratio(ns_before, floor_before)} | "
            + (ratio(ns_now, floor_now) if ns_now else "-")
            + " |"
        )
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", required=True, help="the report's CSV (bench-results.csv)")
    print(markdown(parser.parse_args().results), end="")


if __name__ == "__main__":
    main()

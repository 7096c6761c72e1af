#!/usr/bin/env python3
"""cpusplit.py SITE DOCSD... : each docsd's CPU for `build --once` of SITE, split into docsd's own,
its renderers' and its MDX compiler's (the compiler's processes counted too), the binaries taking
turns build by build (ROUNDS, default 10) so that the machine's drift over minutes falls on each
alike. An argument SITE2=DOCSD builds SITE2 with that docsd instead: trees whose site/ differs
(the renderer's code, the compiler's) each need a site linked to their own.

cost.sh gives a page's cost; this says which side of the pipe a change moved. Node's CPU is read
by a `node` wrapper put first on the PATH (GNU time appends each process's user+sys and its command
line to a file; a command that runs run.cjs is the compiler); docsd's own is the build's children's
CPU (getrusage) less that. Prints each binary's medians (and the wall time's) and its rounds.

    python3 bench/mdx/cpusplit.py /tmp/sites/1-jsx /tmp/before/bin/docsd bin/docsd
    python3 bench/mdx/cpusplit.py - /tmp/sA=/tmp/treeA/bin/docsd /tmp/sB=/tmp/treeB/bin/docsd
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = []  # (label, site, binary)
    for arg in sys.argv[2:]:
        site, _, binary = arg.rpartition("=")
        site = site or sys.argv[1]
        if site == "-":
            sys.exit("cpusplit.py: give SITE, or SITE=DOCSD for each docsd")
        runs.append((arg, os.path.abspath(site), os.path.abspath(binary)))
    node, time_ = shutil.which("node"), shutil.which("time") or "/usr/bin/time"
    if not node or not os.path.exists(time_):
        sys.exit("cpusplit.py needs node and GNU time (/usr/bin/time)")
    rounds = int(os.environ.get("ROUNDS", "10"))
    # The builds write to tmpfs where there is one, as cost.sh's do: on ext4 the files a build
    # creates cost kernel CPU that varies with what was deleted before them.
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="docsd-cpusplit-") as tmp, \
            tempfile.TemporaryDirectory(prefix="docsd-cpusplit-out-", dir=shm) as outdir:
        log = os.path.join(tmp, "node.log")
        wrapper = os.path.join(tmp, "node")
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\nexec {time_} -a -o {log} -f "%U %S %C" {node} "$@"\n')
        os.chmod(wrapper, 0o755)
        env = dict(os.environ, PATH=tmp + os.pathsep + os.environ["PATH"])
        out = os.path.join(outdir, "out")
        parts = {label: {"docsd": [], "renderer": [], "compiler": [], "wall": []} for label, _, _ in runs}
        for _ in range(rounds):
            for label, site, binary in runs:
                if os.path.exists(log):
                    os.remove(log)
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.monotonic()
                subprocess.run([binary, "build", "--once", "--out", out], cwd=site, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                wall = time.monotonic() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                total = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                renderer = compiler = 0.0
                if os.path.exists(log):
                    with open(log) as f:
                        for line in f:
                            fields = line.split(None, 2)
                            if len(fields) < 2 or not fields[0][0].isdigit():
                                continue
                            cpu = float(fields[0]) + float(fields[1])
                            if len(fields) == 3 and "run.cjs" in fields[2]:
                                compiler += cpu
                            else:
                                renderer += cpu
                p = parts[label]
                p["docsd"].append(total - renderer - compiler)
                p["renderer"].append(renderer)
                p["compiler"].append(compiler)
                p["wall"].append(wall)
        for label, _, _ in runs:
            p = parts[label]
            medians = ", ".join(f"{k} {statistics.median(v):.3f} s" for k, v in p.items())
            print(f"{label}: {medians} (medians of {rounds}); docsd's rounds: {' '.join(f'{x:.2f}' for x in p['docsd'])}")


if __name__ == "__main__":
    main()

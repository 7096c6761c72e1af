#!/usr/bin/env python3
"""cpusplit.py SITE DOCSD... : each docsd's CPU for `build --once` of SITE, split into docsd's own
and its Node processes' (the MDX compiler and the renderers), the binaries taking turns build by
build (ROUNDS, default 10) so that the machine's drift over minutes falls on each alike.

cost.sh gives a page's cost; this says which side of the pipe a change moved. Node's CPU is read
by a `node` wrapper put first on the PATH (GNU time appends each process's user+sys to a file);
docsd's own is the build's children's CPU (getrusage) less that. Prints each binary's medians and
its rounds, in the order given.

    python3 bench/mdx/cpusplit.py /tmp/sites/1-jsx /tmp/before/bin/docsd bin/docsd
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    site, bins = sys.argv[1], [os.path.abspath(b) for b in sys.argv[2:]]
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
            f.write(f'#!/bin/sh\nexec {time_} -a -o {log} -f "%U %S" {node} "$@"\n')
        os.chmod(wrapper, 0o755)
        env = dict(os.environ, PATH=tmp + os.pathsep + os.environ["PATH"])
        out = os.path.join(outdir, "out")
        own, nodes = {b: [] for b in bins}, {b: [] for b in bins}
        for _ in range(rounds):
            for b in bins:
                if os.path.exists(log):
                    os.remove(log)
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run([b, "build", "--once", "--out", out], cwd=site, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                total = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                n = 0.0
                if os.path.exists(log):
                    with open(log) as f:
                        for line in f:
                            fields = line.split()
                            if len(fields) == 2 and fields[0][0].isdigit():
                                n += float(fields[0]) + float(fields[1])
                own[b].append(total - n)
                nodes[b].append(n)
        for b in bins:
            print(f"{b}: docsd {statistics.median(own[b]):.3f} s, node {statistics.median(nodes[b]):.3f} s "
                  f"(medians of {rounds}); docsd's rounds: {' '.join(f'{x:.2f}' for x in own[b])}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""memlimit.py ROUNDS SITES N [DOCSD]: what docsd's memory limit for a build --once (internal/oncegc)
costs cost.sh's sites. SITES is a folder of cost.sh's sites (`KEEP=1 RUNS=0 SIZE=k bench/mdx/cost.sh
N` keeps them: 1-empty, 1-md, 1-jsx, each with its site/ link), N their page count, DOCSD the binary
(default bin/docsd of this tree). Each round builds each site twice, with docsd's own limit and with
GOMEMLIMIT=4GiB (which wins over it), the two taking turns; prints each build's CPU (user + sys of
docsd and its Node processes) and the medians' per-page costs and JSX / Markdown ratio.
"""
import os
import resource
import statistics
import subprocess
import sys

here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
rounds, sites, n = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
docsd = sys.argv[4] if len(sys.argv) > 4 else os.path.join(here, "bin", "docsd")
out = "/dev/shm" if os.access("/dev/shm", os.W_OK) else sites
res = {}
for r in range(rounds):
    modes = [("limit", {}), ("4GiB", {"GOMEMLIMIT": "4GiB"})]
    if r % 2:
        modes.reverse()
    for site in ("empty", "md", "jsx"):
        for name, env in modes:
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([docsd, "build", "--once", "--root", f"{sites}/1-{site}", "--out", f"{out}/memlimit-{os.getpid()}-{site}"],
                           env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
            res.setdefault((name, site), []).append(cpu)
            print(r, name, site, f"{cpu:.3f}", f"load {os.getloadavg()[0]:.1f}", flush=True)
for site in ("empty", "md", "jsx"):
    subprocess.run(["rm", "-rf", f"{out}/memlimit-{os.getpid()}-{site}"], check=True)
for name in ("limit", "4GiB"):
    e, m, j = (statistics.median(res[(name, s)]) for s in ("empty", "md", "jsx"))
    print(f"{name}: empty {e:.3f} s, md {m:.3f} s, jsx {j:.3f} s; per page md {(m - e) / n * 1000:.2f} ms, "
          f"jsx {(j - e) / n * 1000:.2f} ms, ratio {(j - e) / (m - e):.2f}x")

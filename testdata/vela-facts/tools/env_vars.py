#!/usr/bin/env python3
"""Writes data/environment_v0.26.tsv: the environment variables Vela v0.26 gives a container.

Reads the source at the tags with `git show` (no checkout): go-vela/server v0.26.5 (what the
compiler injects) and go-vela/worker v0.26.1 with the server v0.26.3 types its go.mod pins (what
the worker adds before a container starts). Usage: env_vars.py SERVER_GIT_DIR WORKER_GIT_DIR > out.
"""
import re
import subprocess
import sys

KEY = re.compile(r'(?:env|Environment|envs)\["([A-Z][A-Z0-9_]*)"\]\s*=|^\s*"([A-Z][A-Z0-9_]*)":\s')
EVENT = re.compile(r'constants\.Event(\w+)')
EVENTS = {"Comment": "comment", "Deploy": "deployment", "Pull": "pull_request", "Tag": "tag", "Delete": "delete"}


def show(git, ref, path):
    return subprocess.run(["git", "-C", git, "show", f"{ref}:{path}"], check=True,
                          capture_output=True, text=True).stdout.split("\n")


def rows(git, repo, ref, path, scope, start=None, end=None):
    """Yields (name, scope, event, value, source) for each literal key assigned in path[start:end]
    (the lines of one function, found by its first line's text)."""
    lines = show(git, ref, path)
    lo = 0
    if start:
        lo = next(i for i, l in enumerate(lines) if l.startswith(start))
    hi = len(lines)
    if end:
        hi = next(i for i in range(lo + 1, len(lines)) if lines[i].startswith(end))
    event = "all"
    for i in range(lo, hi):
        l = lines[i]
        # build.go's event blocks start with a top-level if on the event and end at its brace
        if l.startswith("\tif ") and "GetEvent()" in l:
            m = EVENT.search(l)
            event = EVENTS[m.group(1)]
            if "ActionTag" in l:
                event += ":tag"
        elif l == "\t}":
            event = "all"
        elif l == "\t\t}" and event == "deployment:tag":
            event = "deployment"
        elif event == "deployment" and 'HasPrefix(b.GetRef(), "refs/tags/")' in l:
            event = "deployment:tag"
        m = KEY.search(l)
        if m:
            value = l[m.end():].strip().rstrip(",")
            yield (m.group(1) or m.group(2), scope, event, value, f"{repo}@{ref}:{path}:{i + 1}")
        if '"PARAMETER_" +' in l:
            yield ("PARAMETER_<KEY>", scope, event, "api.ToString(v)", f"{repo}@{ref}:{path}:{i + 1}")
        if "DEPLOYMENT_PARAMETER_%s" in l:
            yield ("DEPLOYMENT_PARAMETER_<NAME>", scope, event, "value", f"{repo}@{ref}:{path}:{i + 1}")
    if event == "deployment:tag":
        raise SystemExit("unbalanced event block in " + path)


def main():
    server, worker = sys.argv[1], sys.argv[2]
    S, W, T = "v0.26.5", "v0.26.1", "v0.26.3"
    out = []
    out += rows(server, "server", S, "compiler/native/environment.go", "platform", "func environment(", "}")
    out += rows(server, "server", S, "compiler/native/environment.go", "parameters", "func (c *client) EnvironmentStep(", "}")
    out += rows(server, "server", S, "compiler/native/script.go", "commands", "func (c *client) ScriptSteps", "}")
    out += rows(server, "server", S, "api/types/build.go", "build", "func (b *Build) Environment", "}")
    out += rows(server, "server", S, "api/types/repo.go", "repo", "func (r *Repo) Environment", "}")
    out += rows(server, "server", S, "api/types/user.go", "user", "func (u *User) Environment", "}")
    # the worker merges the Environment maps of the server types its go.mod pins (v0.26.3)
    out += rows(server, "server", T, "api/types/build.go", "worker-build", "func (b *Build) Environment", "}")
    out += rows(server, "server", T, "api/types/repo.go", "worker-repo", "func (r *Repo) Environment", "}")
    out += rows(server, "server", T, "api/types/step.go", "step", "func (s *Step) Environment", "}")
    out += rows(server, "server", T, "api/types/service.go", "service", "func (s *Service) Environment", "}")
    out += rows(worker, "worker", W, "internal/step/environment.go", "worker-step", "func Environment", "}")
    out += rows(worker, "worker", W, "internal/service/environment.go", "worker-service", "func Environment", "}")
    out += rows(worker, "worker", W, "executor/linux/secret.go", "worker-secret", "func (s *secretSvc) create", "}")
    out += rows(worker, "worker", W, "executor/linux/stage.go", "worker-step", "func (c *client) CreateStage", "}")
    print("# The environment variables Vela v0.26 sets in a build's containers, one row per place the source")
    print("# assigns one: made by tools/env_vars.py from go-vela/server@v0.26.5 (compiler/native/environment.go,")
    print("# compiler/native/script.go, api/types/{build,repo,user}.go), and go-vela/worker@v0.26.1 with the server")
    print("# v0.26.3 types it pins (api/types/{build,repo,step,service}.go, internal/{step,service}/environment.go,")
    print("# executor/linux/{secret,stage}.go). Columns: name, scope (platform, commands, build, repo, user: the")
    print("# compiler; worker-*, step, service: the worker), event (all, or the event whose block sets it;")
    print("# delete:tag and deployment:tag for the tag blocks), value (the Go expression), source. tests/content checks")
    print("# content/docs/reference/environment/variables.md with it.")
    for r in out:
        print("\t".join(r))


main()

#!/usr/bin/env python3
"""Locate Fast Downward's Python translator and load its PDDL parser in-process.

Usage as a script:
    python3 bench/fd_locate.py            # prints the translate dir (contains pddl_parser/)
    python3 bench/fd_locate.py --pythonpath  # prints the sys.path entry needed to import it
    python3 bench/fd_locate.py --info     # prints a JSON object with dir, mode, versions

Usage as a module (from another script in bench/):
    from fd_locate import load_fd
    fd = load_fd()
    task = fd.parse(domain_path, problem_path)   # -> fast_downward.translate.pddl.Task

Where the translator is found (first hit wins):
  1. $FD_TRANSLATE_DIR, a directory containing pddl_parser/ (an FD checkout's
     src/translate, or .../fast_downward/translate);
  2. the installed package `fast_downward.translate` (PyPI "fast-downward.translate",
     a dependency of "up-fast-downward");
  3. the copy bundled inside up_fast_downward
     (up_fast_downward/downward/builds/release/bin/fast_downward/translate).

Two layouts are handled:
  * "package" (FD >= 24.x as shipped by up-fast-downward 1.x / fast-downward.translate):
    modules import each other as `fast_downward.translate.*`, so the directory two
    levels above translate/ goes on sys.path.  The options module is lazy: nothing is
    parsed at import time, but the parser itself calls get_options().keep_no_ops, so
    options.set_options([domain, problem]) must be called once before parsing.
  * "flat" (older FD checkouts, src/translate): modules import each other as top-level
    `pddl_parser`, `options`, ...; translate/ goes on sys.path and options.py may parse
    sys.argv at import time, so sys.argv is set to a dummy command line while importing.
"""
import importlib
import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from typing import Any, Callable, Optional


@dataclass
class FD:
    translate_dir: str
    mode: str                  # "package" or "flat"
    pythonpath: str            # entry that was put on sys.path (or already importable from)
    version: str               # FD version string, best effort
    pddl_parser: Any
    parse: Callable[[str, str], Any]


def _fd_version(translate_dir: str) -> str:
    parts = []
    try:
        from importlib.metadata import version as dist_version
        for dist in ("fast-downward.translate", "up-fast-downward"):
            try:
                parts.append(f"{dist}=={dist_version(dist)}")
            except Exception:
                pass
    except Exception:
        pass
    # FD driver version file (up_fast_downward bundles the driver).
    spec = importlib.util.find_spec("up_fast_downward")
    if spec and spec.submodule_search_locations:
        vfile = os.path.join(list(spec.submodule_search_locations)[0], "downward", "driver", "version.py")
        try:
            for line in open(vfile):
                if line.startswith("__version__"):
                    parts.insert(0, "FD " + line.split("=", 1)[1].strip().strip('"\''))
        except OSError:
            pass
    return ", ".join(parts) if parts else "unknown"


def _candidates():
    env = os.environ.get("FD_TRANSLATE_DIR")
    if env:
        yield os.path.abspath(env)
    spec = importlib.util.find_spec("fast_downward")
    if spec and spec.submodule_search_locations:
        for loc in spec.submodule_search_locations:
            yield os.path.join(loc, "translate")
    spec = importlib.util.find_spec("up_fast_downward")
    if spec and spec.submodule_search_locations:
        for loc in spec.submodule_search_locations:
            yield os.path.join(loc, "downward", "builds", "release", "bin", "fast_downward", "translate")


def find_translate_dir() -> str:
    for cand in _candidates():
        if os.path.isdir(os.path.join(cand, "pddl_parser")):
            return os.path.realpath(cand)
    raise SystemExit("fd_locate: Fast Downward translator not found; "
                     "run `pip install up-fast-downward` or set FD_TRANSLATE_DIR")


def _layout(translate_dir: str) -> str:
    init = os.path.join(translate_dir, "pddl_parser", "__init__.py")
    try:
        src = open(init).read()
    except OSError:
        src = ""
    return "package" if "fast_downward.translate" in src else "flat"


_loaded: Optional[FD] = None


def load_fd() -> FD:
    global _loaded
    if _loaded is not None:
        return _loaded
    tdir = find_translate_dir()
    mode = _layout(tdir)
    if mode == "package":
        root = os.path.dirname(os.path.dirname(tdir))   # .../<root>/fast_downward/translate
        # Make sure *this* copy is the one imported.
        if root not in sys.path:
            sys.path.insert(0, root)
        pddl_parser = importlib.import_module("fast_downward.translate.pddl_parser")
        options = importlib.import_module("fast_downward.translate.options")
        loaded_from = os.path.realpath(os.path.dirname(os.path.dirname(pddl_parser.__file__)))
        if loaded_from != tdir:
            raise SystemExit(f"fd_locate: imported translator from {loaded_from}, expected {tdir}")
        _options_set = [False]

        def parse(domain: str, problem: str):
            if not _options_set[0]:
                # Default options (keep_no_ops=False etc.); the file names in
                # options are not used when passed explicitly to open().
                options.set_options([domain, problem])
                _options_set[0] = True
            return pddl_parser.open(domain_filename=domain, problem_filename=problem)
        pythonpath = root
    else:
        sys.path.insert(0, tdir)
        saved = sys.argv
        sys.argv = ["translate.py", "domain.pddl", "problem.pddl"]
        try:
            pddl_parser = importlib.import_module("pddl_parser")
            try:
                importlib.import_module("options")
            except Exception:
                pass
        finally:
            sys.argv = saved
        import inspect
        params = inspect.signature(pddl_parser.open).parameters
        pkw = "problem_filename" if "problem_filename" in params else "task_filename"

        def parse(domain: str, problem: str):
            return pddl_parser.open(**{"domain_filename": domain, pkw: problem})
        pythonpath = tdir
    _loaded = FD(tdir, mode, pythonpath, _fd_version(tdir), pddl_parser, parse)
    return _loaded


def main():
    fd = load_fd()
    if "--info" in sys.argv[1:]:
        print(json.dumps({"translate_dir": fd.translate_dir, "mode": fd.mode,
                          "pythonpath": fd.pythonpath, "version": fd.version,
                          "python": sys.version.split()[0]}))
    elif "--pythonpath" in sys.argv[1:]:
        print(fd.pythonpath)
    else:
        print(fd.translate_dir)


if __name__ == "__main__":
    main()

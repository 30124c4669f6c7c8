# lit configuration: golden tests of the rewriter (codegen/), its
# diagnostics (diag/) and the clang plugin (plugin/).
import os
import sys
import lit.formats

config.name = "cdvmh"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cdvmh_build_dir, "tests", "lit")
config.excludes = ["Inputs"]

config.substitutions.append(("%cdvmh", config.cdvmh_tool))
config.substitutions.append(("%clang_plugin", "%s -fplugin=%s" % (config.clang, config.cdvmh_plugin)))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%dvmcc", config.dvmcc))
config.substitutions.append(("%runtime_include", config.runtime_include))
# FileCheck through a guard: it fails when the input holds the test's own
# check lines (comments kept by the rewriter), which would match themselves
config.substitutions.append(("FileCheck", "%s %s --filecheck %s" % (
    sys.executable, os.path.join(os.path.dirname(__file__), "filecheck_guard.py"), config.filecheck)))
config.substitutions.append(("%not", config.not_tool))
config.substitutions.append(("%nopipes", config.nopipes))

# the sanitizer run (tools/test-sanitize.sh) sets it for the programs the
# tests run; lit passes the sanitizers' own variables itself
for var in ("UCX_MEM_MMAP_HOOK_MODE",):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# CUDA handlers compiled by the plugin need nvcc (REQUIRES: nvcc)
if getattr(config, "nvcc", ""):
    config.available_features.add("nvcc")
    config.environment["CDVMH_NVCC"] = config.nvcc

# what the system gives the plugin's pipes: named pipes in the tests' own
# folder and in /tmp (REQUIRES: fifo) and /dev/fd (REQUIRES: dev-fd); a sandbox may
# refuse either, and the plugin then goes the slower way
def _fifo_works():
    import tempfile
    try:
        for where in (config.cdvmh_build_dir, "/tmp"):
            with tempfile.TemporaryDirectory(dir=where) as d:
                os.mkfifo(os.path.join(d, "p"))
        return True
    except OSError:
        return False
if _fifo_works():
    config.available_features.add("fifo")
def _dev_fd_works():
    r, w = os.pipe()
    try:
        return os.access("/dev/fd/%d" % r, os.R_OK)
    finally:
        os.close(r)
        os.close(w)
if _dev_fd_works():
    config.available_features.add("dev-fd")
